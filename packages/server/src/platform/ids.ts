import { createHash, randomBytes } from 'node:crypto'

/** A new entity id: 24 lowercase hex characters (96 random bits). */
export function newId(): string {
  return randomBytes(12).toString('hex')
}

/** An unguessable token for cookies (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
