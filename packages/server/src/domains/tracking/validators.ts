// Shapes of the tracking calls (visitor beacons and the owner API).
import { z } from 'zod'

const jsonText = (max: number) => z.string().max(max, `At most ${max} characters.`)

/** POST /api/census/RecordHit (form): census event number, data as JSON text, the visit cookie. */
export const recordHitBody = z
  .object({ event: z.coerce.number().int().min(1).max(99), data: jsonText(8000), ss_cvr: z.string().max(300).optional() })
  .strict()

/** The JSON inside `data` of a hit (unknown fields are ignored: the tracker's payload may grow). */
export const hitData = z.object({
  path: z.string().max(2000).default('/'),
  url: z.string().max(4000).optional(),
  referrer: z.string().max(4000).default(''),
  sessionId: z.union([z.string(), z.number()]).optional(),
  query: z.string().max(200).optional(),
  pageType: z.coerce.number().int().optional(),
})

/** Census side calls (button-click, button-render, overlay, RecordQuickView): small free-form forms. The forms
 * domain answers form-render itself (render counts per form). */
export const censusBody = z.record(z.string().max(100), z.string().max(2000)).refine((o) => Object.keys(o).length <= 30, 'Too many fields.')
export const quickViewParams = z.object({ id: z.string().min(1).max(100) }).strict()
export const censusParams = z.object({ kind: z.enum(['button-click', 'button-render', 'overlay']) }).strict()

/** POST /api/events/RecordEvent (form; crumb in the form or header). */
export const recordEventBody = z.object({ event: z.string().min(1).max(100), data: jsonText(8000).default('{}') }).strict()

/** Clanker v2: the content as a JSON string and its schema name. */
export const clankerBody = z.object({ eventContent: jsonText(16000), eventSchemaName: z.string().min(1).max(100) }).strict()
export const clankerParams = z.object({ schemaName: z.string().min(1).max(100) }).strict()
export const clankerContent = z.object({
  analytics_id: z.string().max(100).optional(),
  page_host: z.string().max(300).optional(),
  page_path: z.string().max(2000).optional(),
  page_referrer_url: z.string().max(4000).optional(),
  session_id: z.union([z.string(), z.number()]).optional(),
  event_occurrence_timestamp: z.union([z.string(), z.number()]).optional(),
  custom_schema_name: z.string().max(100).optional(),
  source_environment: z.enum(['PROD', 'STAGING']).optional(),
  item_id: z.string().max(100).optional(),
  item_title: z.string().max(300).optional(),
  item_price: z.coerce.number().finite().optional(),
  item_quantity: z.coerce.number().int().optional(),
  currency_code: z.string().max(3).optional(),
})

/** POST /api/events/RecordJavascriptErrors: an array of reports. */
export const errorReports = z
  .array(z.object({ event: z.string().max(100), data: jsonText(20000), timestamp: z.coerce.number().finite() }).strict())
  .min(1)
  .max(20, 'At most 20 reports at once.')
export const errorData = z.object({
  app: z.string().max(100).default(''),
  message: z.string().max(2000).default(''),
  stack: z.string().default(''),
  file: z.string().max(2000).optional(),
  line: z.coerce.number().optional(),
  column: z.coerce.number().optional(),
  pageUrl: z.string().max(4000).optional(),
  templateId: z.string().max(100).optional(),
  /** What the page's script added to the report (kept when it is a small object). */
  customData: z.record(z.string().max(100), z.unknown()).optional(),
})

/** POST /api/1/performance/records (plain text JSON): queued performance events. */
export const performanceRecords = z
  .array(
    z.object({
      appName: z.string().max(100),
      eventName: z.string().max(100),
      pageLoadId: z.string().max(100),
      timestamp: z.coerce.number().finite(),
      data: z.object({ pathname: z.string().max(2000).default('/'), timings: z.record(z.string(), z.number().finite().nullable()).default({}) }).passthrough(),
    }),
  )
  .min(1)
  .max(50)

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.')
export const analyticsQuery = z
  .object({ from: day.optional(), to: day.optional(), interval: z.enum(['day', 'week', 'month']).default('day'), format: z.enum(['json', 'csv']).default('json'), table: z.string().regex(/^[a-zA-Z]{1,40}$/, 'Not a table name.').optional() })
  .strict()
export const analyticsParams = z.object({ siteId: z.string().min(1).max(100), report: z.enum(['traffic', 'pages', 'sources', 'devices', 'search', 'funnel', 'vitals', 'errors', 'forms', 'realtime']) }).strict()
export const siteParams = z.object({ siteId: z.string().min(1).max(100) }).strict()

export const settingsInput = z
  .object({
    disabled: z.boolean(),
    bannerEnabled: z.boolean(),
    restrictive: z.boolean(),
    bannerText: z.string().max(1000),
    acceptText: z.string().max(60),
    declineText: z.string().max(60),
    retentionDays: z.number().int().min(1).max(3650),
    analyticsTag: z.string().max(40).regex(/^[A-Za-z0-9-]*$/, 'Letters, digits and dashes only.'),
    pixelId: z.string().max(40).regex(/^[A-Za-z0-9-]*$/, 'Letters, digits and dashes only.'),
    tagUrl: z
      .string()
      .max(300)
      .refine((v) => v === '' || /^https:\/\/[^\s/?#'"]+\/[^\s'"]*$/.test(v), 'An https address of the tag script (https://host/path).'),
  })
  .partial()
  .strict()
export type SettingsInput = z.infer<typeof settingsInput>
