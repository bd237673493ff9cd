// Request schemas of restock notifications.
import { z } from 'zod'
import { SCARCITY_QTY_PLACEHOLDER, type ScarcitySettings } from '@sitewright/contracts'
import type { Assert, Same } from '../../platform/http/contract.js'

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown id.')
export const EMAIL_BLANK = 'Email cannot be blank'
export const EMAIL_INVALID = 'Email is invalid'

/** 3 to 256 characters, one @, a dotted domain whose last label is 2 to 4 alphanumerics. */
export function isValidEmail(v: string): boolean {
  return v.length >= 3 && v.length <= 256 && /^[^\s@]+@[^\s@]+\.[A-Za-z0-9]{2,4}$/.test(v)
}

export const signUpBody = z
  .object({
    isJoinMailingList: z.boolean().optional().default(false),
    productId: id,
    variantId: id,
    siteVisitorEmail: z
      .string({ error: EMAIL_BLANK })
      .trim()
      .min(1, EMAIL_BLANK)
      .refine(isValidEmail, EMAIL_INVALID),
    captchaToken: z.string().max(4000).optional(),
  })
  .strict()

export const listQuery = z.object({ productId: id, variantId: id, cursor: z.string().max(40).optional() }).strict()
export const groupsQuery = z.object({ cursor: z.string().max(40).optional() }).strict()
export const sendBody = z.object({ productId: id, variantId: id }).strict()
export const sendAllBody = z.object({ sendRequests: z.array(sendBody).min(1, 'Choose at least one item.').max(200, 'Send at most 200 items at once.') }).strict()
export const siteParams = z.object({ siteId: z.string().min(1).max(64) }).strict()

export const restockConfig = z
  .object({
    enabled: z.boolean(),
    hiddenByDefault: z.boolean(),
    mailingListSignUpEnabled: z.boolean(),
    mailingListOptInByDefault: z.boolean(),
    autoSend: z.boolean(),
    /** Sign-ups must carry a captcha token the site's captcha provider accepts (captchaToken). */
    captchaEnabled: z.boolean(),
    texts: z
      .object({
        buttonText: z.string().max(100),
        CTAText: z.string().max(300),
        placeholderText: z.string().max(100),
        mailingListDescription: z.string().max(300),
        successText: z.string().max(300),
      })
      .strict(),
    scarcityEnabled: z.boolean(),
    scarcityThreshold: z.number().int().min(1).max(9999),
    scarcityText: z.string().max(200).refine((s) => s.includes(SCARCITY_QTY_PLACEHOLDER), `Include ${SCARCITY_QTY_PLACEHOLDER} in the message.`),
    scarcityShownByDefault: z.boolean(),
  })
  .strict()
export type RestockConfig = z.infer<typeof restockConfig>
type _ScarcityAgrees = Assert<Same<Pick<RestockConfig, keyof ScarcitySettings>, ScarcitySettings>>
export const restockConfigPatch = restockConfig.partial().extend({ texts: restockConfig.shape.texts.partial().optional() }).strict()

export const DEFAULT_CONFIG: RestockConfig = {
  enabled: true,
  hiddenByDefault: false,
  mailingListSignUpEnabled: true,
  mailingListOptInByDefault: false,
  autoSend: false,
  captchaEnabled: false,
  texts: {
    buttonText: 'Notify Me',
    CTAText: 'This item is sold out. Enter your email to be told when it is back.',
    placeholderText: 'Email Address',
    mailingListDescription: 'Also sign me up for news and offers',
    successText: '',
  },
  scarcityEnabled: true,
  scarcityThreshold: 5,
  scarcityText: 'Only {qtyInStock} left in stock!',
  scarcityShownByDefault: false,
}

const obj = z.object({}).passthrough()
export const signUpAnswer = z.object({ data: z.object({ message: z.string() }) })
export const listAnswer = z.object({ signUps: z.array(obj), hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() })
export const groupsAnswer = z.object({ signUpGroups: z.array(obj), hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() })
export const sendAnswer = z.object({ notified: z.number() })
export const sendAllAnswer = z.object({ results: z.array(obj) })
export const configAnswer = z.object({ config: obj })
