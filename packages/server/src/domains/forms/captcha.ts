// Captcha providers. Default: self-hosted ALTCHA proof-of-work (altcha-lib): signed, expiring, site-bound challenges;
// a solved challenge is spent once (the caller records its signature in captcha_spent inside the submission's
// transaction). Alternative (CAPTCHA_PROVIDER=recaptcha): a reCAPTCHA-compatible verifier at RECAPTCHA_VERIFY_URL.
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { AppError } from '../../platform/errors.js'

export type CaptchaProviderName = 'altcha' | 'recaptcha'

export interface CaptchaOptions {
  provider: CaptchaProviderName
  recaptchaSecret: string | null
  recaptchaSiteKey: string | null
  recaptchaVerifyUrl: string
  /** ALTCHA: the solution counter is drawn from [max/10, max] (the browser tries about that many hashes). */
  altchaMaxCounter: number
  altchaTtlSeconds: number
  fetch?: typeof fetch
}

export const ALTCHA_CHALLENGE_PATH = '/api/form/captcha/challenge'
export const CAPTCHA_REQUIRED_MESSAGE = 'Complete CAPTCHA before submitting.'
export const CAPTCHA_NOT_SET_UP = 'ReCaptcha has not been set up!'

/** What a page needs to render the captcha. No site key: the browser renders nothing. */
export interface CaptchaPublic {
  provider: CaptchaProviderName
  siteKey: string | null
  challengeUrl?: string
}

export type CaptchaCheck = { ok: true; spend?: { signature: string; expiresAt: Date } } | { ok: false }

export interface Captcha {
  readonly provider: CaptchaProviderName
  publicConfig(): CaptchaPublic
  /** ALTCHA only: a new challenge bound to the site. */
  challenge(siteId: string): Promise<Challenge>
  check(siteId: string, captchaKey: string | undefined, remoteIp: string): Promise<CaptchaCheck>
}

const ALGORITHM = 'SHA-256'

function decodeAltchaPayload(raw: string): { challenge: Challenge; solution: { counter: number; derivedKey: string } } | null {
  for (const text of [raw, (() => { try { return Buffer.from(raw, 'base64').toString('utf8') } catch { return '' } })()]) {
    try {
      const v = JSON.parse(text) as { challenge?: Challenge; solution?: { counter: number; derivedKey: string } }
      if (v && typeof v === 'object' && v.challenge && typeof v.challenge === 'object' && v.solution && typeof v.solution === 'object')
        return { challenge: v.challenge, solution: v.solution }
    } catch {
      // try the next decoding
    }
  }
  return null
}

export function createCaptcha(opts: CaptchaOptions, secrets: { hmac: string; keyHmac: string }): Captcha {
  const doFetch = opts.fetch ?? ((u: string | URL | Request, i?: RequestInit) => globalThis.fetch(u, i))
  if (opts.provider === 'recaptcha') {
    return {
      provider: 'recaptcha',
      publicConfig: () => ({ provider: 'recaptcha', siteKey: opts.recaptchaSiteKey }),
      challenge: async () => {
        throw new AppError('not_found', 'no_challenge', 'This captcha provider has no challenges.')
      },
      async check(_siteId, captchaKey, remoteIp) {
        if (!opts.recaptchaSecret) throw new AppError('unavailable', 'captcha_not_set_up', CAPTCHA_NOT_SET_UP)
        if (!captchaKey || captchaKey.length > 4000) return { ok: false }
        const body = new URLSearchParams({ secret: opts.recaptchaSecret, response: captchaKey, remoteip: remoteIp })
        let res: Response
        try {
          res = await doFetch(opts.recaptchaVerifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(10_000) })
        } catch (e) {
          throw new AppError('unavailable', 'captcha_unreachable', `The captcha verifier did not answer: ${String(e)}`)
        }
        if (!res.ok) throw new AppError('unavailable', 'captcha_unreachable', `The captcha verifier answered ${res.status}.`)
        const json = (await res.json().catch(() => null)) as { success?: unknown } | null
        return json?.success === true ? { ok: true } : { ok: false }
      },
    }
  }
  return {
    provider: 'altcha',
    publicConfig: () => ({ provider: 'altcha', siteKey: 'altcha', challengeUrl: ALTCHA_CHALLENGE_PATH }),
    challenge: (siteId) =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        deriveKey,
        counter: randomInt(Math.max(1, Math.floor(opts.altchaMaxCounter / 10)), opts.altchaMaxCounter),
        expiresAt: new Date(Date.now() + opts.altchaTtlSeconds * 1000),
        data: { site: siteId },
        hmacSignatureSecret: secrets.hmac,
        hmacKeySignatureSecret: secrets.keyHmac,
      }),
    async check(siteId, captchaKey) {
      if (!captchaKey || captchaKey.length > 20_000) return { ok: false }
      const payload = decodeAltchaPayload(captchaKey)
      if (!payload) return { ok: false }
      const { challenge, solution } = payload
      if (typeof challenge.signature !== 'string' || challenge.parameters?.data?.site !== siteId) return { ok: false }
      try {
        const r = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: secrets.hmac,
          hmacKeySignatureSecret: secrets.keyHmac,
        })
        if (!r.verified) return { ok: false }
      } catch {
        return { ok: false }
      }
      const expires = Number(challenge.parameters.expiresAt ?? 0) * 1000
      return { ok: true, spend: { signature: challenge.signature, expiresAt: new Date(expires || Date.now() + 3600_000) } }
    },
  }
}
