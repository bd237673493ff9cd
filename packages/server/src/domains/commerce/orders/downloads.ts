// Signed download links for digital products bought in an order (HMAC over order, entry and expiry).
import { createHmac, timingSafeEqual } from 'node:crypto'

export const DOWNLOAD_TTL_MS = 7 * 24 * 60 * 60 * 1000

function sign(secret: string, orderId: string, entryId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${orderId}.${entryId}.${expires}`).digest('base64url')
}

export function downloadPath(secret: string, orderId: string, entryId: string, now = Date.now()): string {
  const expires = now + DOWNLOAD_TTL_MS
  return `/api/commerce/downloads/${orderId}/${entryId}?expires=${expires}&sig=${sign(secret, orderId, entryId, expires)}`
}

export function verifyDownload(secret: string, orderId: string, entryId: string, expires: number, sig: string, now = Date.now()): 'ok' | 'expired' | 'bad' {
  const expected = Buffer.from(sign(secret, orderId, entryId, expires))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad'
  return expires < now ? 'expired' : 'ok'
}
