// The restock alert: text and HTML parts, every value escaped, from the shop's name.
import type { MailMessage } from '../mail/index.js'
import type { VariantInfo } from './service.js'

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function variantLabel(v: VariantInfo): string {
  const attrs = Object.values(v.attributes).filter(Boolean).join(' / ')
  return attrs ? `${v.productTitle} (${attrs})` : v.productTitle
}

/** `"Shop" <address>` with the shop's name quoted (quotes and line breaks removed from the name). */
export function fromShop(shopName: string, address: string): string {
  const name = shopName.replace(/["\\\r\n<>]/g, '').trim() || 'Shop'
  return `"${name}" <${address}>`
}

export function restockAlert(o: { to: string; shopName: string; fromAddress: string; variant: VariantInfo; productLink: string }): MailMessage {
  const what = variantLabel(o.variant)
  const subject = `Back in stock: ${what}`
  const text = `Good news: ${what} is back in stock at ${o.shopName}.\n\nGet it here: ${o.productLink}\n\nYou asked to hear about this item once; we will not write about it again.\n`
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1f22">
<p style="font-size:13px;letter-spacing:.1em;text-transform:uppercase;color:#2f5d50">${esc(o.shopName)}</p>
<h1 style="font-size:22px">${esc(what)} is back in stock</h1>
<p><a href="${esc(o.productLink)}" style="display:inline-block;padding:10px 20px;border-radius:999px;background:#2f5d50;color:#fff;text-decoration:none">Shop now</a></p>
<p style="color:#5d636a;font-size:13px">You asked to hear about this item once; we will not write about it again.</p>
</body></html>`
  return { to: o.to, subject, text, html, from: fromShop(o.shopName, o.fromAddress) }
}
