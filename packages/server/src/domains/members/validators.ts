import { z } from 'zod'
import { PASSWORD_MAX, PASSWORD_MIN } from '../accounts/index.js'

const email = z.string({ error: 'Enter a valid email address.' }).trim().pipe(z.email({ error: 'Enter a valid email address.' }).max(254, 'Enter a valid email address.'))
const newPassword = z
  .string({ error: 'Choose a password.' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`)

export const sessionBody = z
  .object({
    email: z.string({ error: 'Enter your email address.' }).min(1, 'Enter your email address.').max(254),
    password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(256),
    rememberMe: z.boolean().optional(),
  })
  .strict()

export const logoutQuery = z
  .object({
    cloneCart: z.enum(['true', 'false'], 'cloneCart is true or false.').optional(),
    crumb: z.string().optional(),
  })
  .strict()

export const signupBody = z
  .object({
    email,
    password: newPassword,
    name: z.string().trim().max(100, 'Use at most 100 characters.').optional(),
    newsletter: z.boolean().optional(),
  })
  .strict()

export const resetRequestBody = z.object({ email }).strict()
export const resetBody = z.object({ token: z.string().min(1).max(200), password: newPassword }).strict()
export const verifyBody = z.object({ token: z.string().min(1).max(200) }).strict()

export const profileBody = z
  .object({
    name: z.string().trim().max(100, 'Use at most 100 characters.').optional(),
    newsletter: z.boolean().optional(),
  })
  .strict()

export const addressBody = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(100),
    line1: z.string().trim().min(1, 'Enter the street address.').max(200),
    line2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1, 'Enter the city.').max(100),
    region: z.string().trim().max(100).optional(),
    postalCode: z.string().trim().max(20).optional(),
    country: z.string().trim().min(2, 'Enter the country.').max(56),
  })
  .strict()

export const deleteAccountBody = z.object({ password: z.string().min(1, 'Enter your password.').max(256) }).strict()
export const idParams = z.object({ id: z.string().min(1).max(64) }).strict()
