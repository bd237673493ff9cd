import { HISTORY_KINDS, type SiteRestoreBody, type VersionListQuery } from '@sitewright/contracts'
import { z } from 'zod'
import type { Accepts, Assert } from '../../platform/http/contract.js'

export const siteParams = z.object({ siteId: z.string().min(1) })
export const versionParams = z.object({ siteId: z.string().min(1), versionId: z.string().min(1).max(40) })

const kind = z.enum(HISTORY_KINDS)
export const listQuery = z.object({
  object: z
    .string()
    .regex(new RegExp(`^(${HISTORY_KINDS.join('|')}):.+$`), `Use {kind}:{id} with a kind of ${HISTORY_KINDS.join(', ')}.`)
    .optional(),
  person: z.string().min(1).max(100).optional(),
  kind: kind.optional(),
  cursor: z.string().regex(/^\d{1,18}$/, 'Use the nextCursor of the previous page.').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})
type _ListQuery = Assert<Accepts<z.input<typeof listQuery>, VersionListQuery>>

/** An ISO 8601 time with a date, a time and a zone (Z or an offset); fractions to the microsecond. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/
export const AT_MESSAGE = 'Give the time as an ISO 8601 date and time with its zone, e.g. 2026-05-01T12:00:00Z.'
export const restoreBody = z.object({
  at: z.string().regex(ISO_TIME, AT_MESSAGE).refine((s) => Number.isFinite(Date.parse(s)), AT_MESSAGE),
})
type _RestoreBody = Assert<Accepts<z.input<typeof restoreBody>, SiteRestoreBody>>
