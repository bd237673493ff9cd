// Known devices: a successful sign-in (or sign-up) leaves a signed `sw_device` cookie naming the owner and a random
// device id (kept when another owner signs in on the same browser). Sign-in attempts for that owner from that browser are throttled on their own (by the device id), so
// guesses from elsewhere do not lock the owner out of a browser they have used before.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export const DEVICE_COOKIE = 'sw_device'
export const DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64url').slice(0, 32)

/** A device cookie value for the owner: `<ownerId>.<deviceId>.<signature>` (a new device id unless given). */
export const newDeviceId = (): string => randomBytes(16).toString('base64url')

export function deviceToken(secret: string, ownerId: string, deviceId = newDeviceId()): string {
  const body = `${ownerId}.${deviceId}`
  return `${body}.${sign(secret, body)}`
}

/** The owner and device id of a genuine cookie value, else null. */
export function parseDevice(
  secret: string,
  value: string | undefined,
): { ownerId: string; deviceId: string } | null {
  if (!value || value.length > 200) return null
  const parts = value.split('.')
  if (parts.length !== 3 || !parts[0] || !parts[1]) return null
  const a = Buffer.from(parts[2]!)
  const b = Buffer.from(sign(secret, `${parts[0]}.${parts[1]}`))
  return a.length === b.length && timingSafeEqual(a, b) ? { ownerId: parts[0], deviceId: parts[1] } : null
}
