// Who a gift card an order bought is for: the recipient fields of its entry (the notify domain mails them).
import type { IssuedGiftCard } from './service.js'

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/** Who a gift card is for, from its entry's fields; null when no usable recipient email was given. */
export function giftCardRecipient(card: IssuedGiftCard): { name: string; email: string; message: string; senderName: string } | null {
  const f = card.fields ?? {}
  const email = text(f.recipientEmail)
  if (!/^[^\s@]+@[^\s@]+\.[A-Za-z0-9]{2,}$/.test(email)) return null
  return { name: text(f.recipientName), email, message: text(f.message), senderName: text(f.senderName) }
}
