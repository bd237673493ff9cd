// The mails of a placed order, sent through the mail domain's mailer: the buyer's confirmation (plain text and
// HTML, with the same money lines as the confirmation page and the editor) and one mail per gift card that names a
// recipient, with the card's code and the buyer's message.
import type { MailMessage } from '../../mail/index.js'
import type { IssuedGiftCard } from '../giftcards/service.js'
import { moneyText } from './summary.js'
import type { OrderView } from './service.js'

export interface MailSite {
  siteTitle: string
  baseUrl: string
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const paragraphs = (sections: string[]) => sections.map((s) => `<p>${esc(s).replace(/\n/g, '<br>')}</p>`).join('\n')
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/** Who a gift card is for, from its entry's fields; null when no usable recipient email was given. */
export function giftCardRecipient(card: IssuedGiftCard): { name: string; email: string; message: string; senderName: string } | null {
  const f = card.fields ?? {}
  const email = text(f.recipientEmail)
  if (!/^[^\s@]+@[^\s@]+\.[A-Za-z0-9]{2,}$/.test(email)) return null
  return { name: text(f.recipientName), email, message: text(f.message), senderName: text(f.senderName) }
}

export function confirmationMail(order: OrderView, opts: MailSite & { confirmationUrl: string; giftCards?: readonly IssuedGiftCard[] }): MailMessage {
  const amount = (cents: number) => moneyText(cents, order.currency)
  const lines = order.entries.map((e) => {
    const attrs = Object.values(e.attributes).join(', ')
    return `${e.quantity} x ${e.title}${attrs ? ` (${attrs})` : ''}: ${amount(e.subTotalCents)}`
  })
  const downloads = order.entries.filter((e) => e.downloadUrl).map((e) => `${e.title}: ${opts.baseUrl}${e.downloadUrl}`)
  const issued = opts.giftCards ?? []
  const cards = order.giftCards.map((g) => {
    const to = issued.find((c) => c.code === g.code)
    const recipient = to ? giftCardRecipient(to) : null
    const forWhom = recipient ? ` for ${recipient.name || recipient.email} (sent to ${recipient.email})` : ''
    return `Gift card${forWhom}: ${g.code} (${amount(g.amountCents)})`
  })
  const sections = [
    `Thank you for your order #${order.number} at ${opts.siteTitle}.${order.testMode ? ' (Test mode: no money was taken.)' : ''}`,
    lines.join('\n'),
    order.summary.map((l) => `${l.label}: ${l.text}`).join('\n'),
    ...(downloads.length ? [`Downloads (links valid for 7 days):\n${downloads.join('\n')}`] : []),
    ...(cards.length ? [cards.join('\n')] : []),
    `Order details: ${opts.confirmationUrl}`,
  ]
  return { to: order.email, subject: `Order #${order.number} confirmed: ${opts.siteTitle}`, text: sections.join('\n\n'), html: paragraphs(sections) }
}

/** The mail to the person a gift card was bought for: the amount, the buyer's message and the code. */
export function giftCardRecipientMail(order: OrderView, card: IssuedGiftCard, opts: MailSite): MailMessage | null {
  const to = giftCardRecipient(card)
  if (!to) return null
  const address = order.billingAddress ?? order.shippingAddress
  const addressName = address ? [address.firstName, address.lastName].map(text).filter(Boolean).join(' ') : ''
  const sender = to.senderName || addressName || order.email
  const amount = moneyText(card.amountCents, order.currency)
  const sections = [
    `Hello${to.name ? ` ${to.name}` : ''},`,
    `${sender} sent you a ${amount} gift card for ${opts.siteTitle}.`,
    ...(to.message ? [`Their message:\n${to.message}`] : []),
    `Your gift card code: ${card.code}`,
    `Enter the code at checkout on ${opts.baseUrl}/ to pay with it.`,
  ]
  return { to: to.email, subject: `${sender} sent you a ${amount} gift card for ${opts.siteTitle}`, text: sections.join('\n\n'), html: paragraphs(sections) }
}

/**
 * The recipients' mails of the gift cards an order has just issued (placing a paid order, or confirming a pending
 * order's payment: a card is issued, and mailed, once).
 */
export function giftCardMails(order: OrderView, giftCards: readonly IssuedGiftCard[], opts: MailSite): MailMessage[] {
  return giftCards.flatMap((card) => giftCardRecipientMail(order, card, opts) ?? [])
}

/**
 * Every mail an order sends when it is placed: the confirmation, and the recipients' mails of the gift cards it
 * issued (none while the payment awaits confirmation: those are issued and mailed when it is confirmed).
 */
export function orderMails(order: OrderView, giftCards: readonly IssuedGiftCard[], opts: MailSite & { confirmationUrl: string }): MailMessage[] {
  return [confirmationMail(order, { ...opts, giftCards }), ...(order.status === 'paid' ? giftCardMails(order, giftCards, opts) : [])]
}
