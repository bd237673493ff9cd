import { z } from 'zod'
import { SLUG_MESSAGE, SLUG_PATTERN } from '../../platform/slug.js'
import { PASSWORD_MAX, PASSWORD_MIN } from './strength.js'

const email = z.email({ error: 'Enter a valid email address.' }).max(254, 'Enter a valid email address.')

export const loginBody = z
  .object({
    email: z.string({ error: 'Enter your email address.' }).min(1, 'Enter your email address.').max(254),
    password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(256),
  })
  .strict()
export type LoginBody = z.infer<typeof loginBody>

export const signupBody = z
  .object({
    email: z.string({ error: 'Enter a valid email address.' }).trim().pipe(email),
    password: z
      .string({ error: 'Choose a password.' })
      .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
      .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
    name: z.string().trim().max(100, 'Use at most 100 characters.').optional(),
    siteTitle: z
      .string({ error: 'Enter a site title.' })
      .trim()
      .min(1, 'Enter a site title.')
      .max(100, 'Use at most 100 characters.'),
    slug: z.string().trim().toLowerCase().regex(SLUG_PATTERN, SLUG_MESSAGE).optional(),
  })
  .strict()
export type SignupBody = z.infer<typeof signupBody>

export const userDto = z.object({ id: z.string(), email: z.string(), name: z.string() })

export const siteSummaryDto = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  role: z.number().int(),
  roleName: z.string(),
  url: z.string(),
  capabilities: z.array(z.string()),
})

export const meResponse = z.object({ user: userDto, sites: z.array(siteSummaryDto) })
export const signupResponse = z.object({ user: userDto, site: siteSummaryDto })
