// Request schemas of the reviews domain.
import { z } from 'zod'

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown id.')
const intParam = (def: number, max: number, what: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def
      const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : NaN
      if (!Number.isInteger(n) || n < 0 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${what} must be a whole number from 0 to ${max}.` })
        return z.NEVER
      }
      return n
    })

/** Counts are fetched with size up to 1000 (the storefront's '1000+' rule). */
export const MAX_PAGE_SIZE = 1000

export const publicListQuery = z
  .object({
    productId: id.optional(),
    page: intParam(0, 100_000, 'page'),
    size: intParam(10, MAX_PAGE_SIZE, 'size').refine((n) => n >= 1, 'size must be at least 1.'),
  })
  .strict()

export const siteParams = z.object({ siteId: z.string().min(1).max(64) }).strict()
export const reviewParams = siteParams.extend({ reviewId: id }).strict()

export const REVIEW_STATUSES = ['approved', 'pending', 'hidden'] as const

export const ownerListQuery = z
  .object({
    status: z.enum(REVIEW_STATUSES, { error: 'Choose approved, pending or hidden.' }).optional(),
    productId: z.union([id, z.literal('')]).optional(),
    page: intParam(0, 100_000, 'page'),
    size: intParam(50, 200, 'size').refine((n) => n >= 1, 'size must be at least 1.'),
  })
  .strict()

export const moderationPatch = z
  .object({
    status: z.enum(REVIEW_STATUSES, { error: 'Choose approved, pending or hidden.' }).optional(),
    reply: z.string().max(2000, 'Keep the reply under 2000 characters.').nullable().optional(),
  })
  .strict()

export const settingsPatch = z.object({ nativeEnabled: z.boolean().optional(), importedEnabled: z.boolean().optional() }).strict()

export const importBody = z
  .object({
    format: z.enum(['csv', 'json'], { error: 'Choose csv or json.' }),
    data: z.string().min(1, 'The file is empty.').max(5_000_000, 'Import at most 5 MB at a time.'),
  })
  .strict()

export const reviewShape = z.object({}).passthrough()
export const publicList = z.object({ data: z.object({ productReviews: z.array(reviewShape), nextPage: z.number().nullable() }) })
export const ownerList = z.object({ reviews: z.array(reviewShape), total: z.number(), nextPage: z.number().nullable() })
export const ownerReview = z.object({ review: reviewShape })
export const settingsAnswer = z.object({ settings: z.object({ nativeEnabled: z.boolean(), importedEnabled: z.boolean() }) })
export const importAnswer = z.object({ imported: z.number(), duplicates: z.number(), skipped: z.number() })
