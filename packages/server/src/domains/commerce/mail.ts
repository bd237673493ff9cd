// The order confirmation mail (plain text and HTML), sent through the mail domain's mailer.
import type { MailMessage } from '../mail/index.js'
import { decimalText } from './money.js'
import type { OrderView } from './orders.js'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function confirmationMail(order: OrderView, opts: { siteTitle: string; baseUrl: string; confirmationUrl: string }): MailMessage {
  const amount = (cents: number) => `${decimalText(cents, order.currency)} ${order.currency}`
  const lines = order.entries.map((e) => {
    const attrs = Object.values(e.attributes).join(', ')
    return `${e.quantity} x ${e.title}${attrs ? ` (${attrs})` : ''}: ${amount(e.subTotalCents)}`
  })
  const downloads = order.entries.filter((e) => e.downloadUrl).map((e) => `${e.title}: ${opts.baseUrl}${e.downloadUrl}`)
  const cards = order.giftCards.map((g) => `Gift card ${g.code}: ${amount(g.amountCents)}`)
  const totals = [
    `Subtotal: ${amount(order.subtotalCents)}`,
    ...(order.discountCents ? [`Discount: -${amount(order.discountCents)}`] : []),
    ...(order.shippingCostCents ? [`Shipping: ${amount(order.shippingCostCents)}`] : []),
    ...(order.taxCents ? [`Tax: ${amount(order.taxCents)}`] : []),
    ...(order.giftCardCents ? [`Paid by gift card: ${amount(order.giftCardCents)}`] : []),
    `Total: ${amount(order.grandTotalCents)}`,
  ]
  const sections = [
    `Thank you for your order #${order.number} at ${opts.siteTitle}.${order.testMode ? ' (Test mode: no money was taken.)' : ''}`,
    lines.join('\n'),
    totals.join('\n'),
    ...(downloads.length ? [`Downloads (links valid for 7 days):\n${downloads.join('\n')}`] : []),
    ...(cards.length ? [cards.join('\n')] : []),
    `Order details: ${opts.confirmationUrl}`,
  ]
  const html = sections.map((s) => `<p>${esc(s).replace(/\n/g, '<br>')}</p>`).join('\n')
  return { to: order.email, subject: `Order #${order.number} confirmed: ${opts.siteTitle}`, text: sections.join('\n\n'), html }
}
