import { hash, verify, type Algorithm } from '@node-rs/argon2'

// argon2id (Algorithm.Argon2id = 2; a const enum, so spelled as its value), OWASP-recommended parameters.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummy: Promise<string> | null = null
/** Spends the time of one verification, so unknown emails answer as slowly as wrong passwords. */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password')
  await verifyPassword(await dummy, password)
}
