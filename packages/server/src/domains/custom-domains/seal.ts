// Private keys at rest: AES-256-GCM under a 32-byte key derived from SECRETS_KEY (node:crypto). A sealed value is
// `v1.<iv>.<tag>.<ciphertext>` (base64url parts); opening checks the tag, so a wrong key or a changed value fails.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

export interface Sealer {
  seal(plain: string): string
  open(sealed: string): string
}

export function createSealer(secret: string): Sealer {
  const key = createHash('sha256').update(`sitewright-secrets:${secret}`).digest()
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.')
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}
