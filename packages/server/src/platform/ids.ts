import { createHash, randomFillSync } from 'node:crypto'

// Random bytes are drawn from a pool filled 4 KB at a time (one call into the CSPRNG per ~100 ids instead of one
// per id: add to cart makes three per request). Each byte is handed out once.
const POOL_SIZE = 4096
const pool = Buffer.allocUnsafe(POOL_SIZE)
let offset = POOL_SIZE

function take(n: number): Buffer {
  if (offset + n > POOL_SIZE) {
    randomFillSync(pool)
    offset = 0
  }
  const bytes = pool.subarray(offset, offset + n)
  offset += n
  return bytes
}

/** A new entity id: 24 lowercase hex characters (96 random bits). */
export function newId(): string {
  return take(12).toString('hex')
}

/** An unguessable token for cookies (256 bits, base64url). */
export function newToken(): string {
  return take(32).toString('base64url')
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
