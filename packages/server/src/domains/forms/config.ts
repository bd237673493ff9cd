// Forms configuration from the environment. Pure: `loadFormsConfig(env)` never reads process.env itself.
import { z } from 'zod'
import type { CaptchaOptions } from './captcha.js'

export interface FormsConfig {
  captcha: Omit<CaptchaOptions, 'fetch'>
  /** Accepted submissions per site and client address per window (0: no limit). */
  rateLimit: number
  rateWindowSeconds: number
  /** Lifetime of a submission key. */
  keyTtlSeconds: number
}

export const DEFAULT_RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify'

const envSchema = z.object({
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha']).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.string().regex(/^https?:\/\//, 'must be an http(s) URL').optional(),
  ALTCHA_MAX_COUNTER: z.coerce.number().int().min(10).max(10_000_000).optional(),
  FORM_RATE_LIMIT: z.coerce.number().int().min(0).optional(),
  FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).optional(),
  FORM_KEY_TTL_SECONDS: z.coerce.number().int().min(10).optional(),
})

export function loadFormsConfig(env: Record<string, string | undefined>): FormsConfig {
  const cleaned = Object.fromEntries(Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    captcha: {
      provider: e.CAPTCHA_PROVIDER ?? 'altcha',
      recaptchaSecret: e.RECAPTCHA_SECRET ?? null,
      recaptchaSiteKey: e.RECAPTCHA_SITE_KEY ?? null,
      recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL ?? DEFAULT_RECAPTCHA_VERIFY_URL,
      altchaMaxCounter: e.ALTCHA_MAX_COUNTER ?? 50_000,
      altchaTtlSeconds: 20 * 60,
    },
    rateLimit: e.FORM_RATE_LIMIT ?? 20,
    rateWindowSeconds: e.FORM_RATE_WINDOW_SECONDS ?? 10 * 60,
    keyTtlSeconds: e.FORM_KEY_TTL_SECONDS ?? 60 * 60,
  }
}
