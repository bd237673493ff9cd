// Block values as the owner saves them: one zod schema per block type name, HTML fields sanitized on save.
import { z } from 'zod'
import { CHART_MAX_COLUMNS, CHART_MAX_ROWS, ALBUM_FULL_MESSAGE, ALBUM_MAX_TRACKS, GALLERY_ACCOUNT_PROVIDERS, GALLERY_ACCOUNTS_FULL_MESSAGE, GALLERY_MAX_ACCOUNTS, GALLERY_SOURCES, type GalleryAccountProvider, DONATION_MAX_PRESETS, DONATION_MAX_UNITS, DONATION_MIN_UNITS } from '@sitewright/contracts'
import { BLOCK_NAME_OF_TYPE, BLOCK_TYPES, LIMITS, type BlockTypeName } from '../constants.js'
import { galleryOptionsInput } from './gallery.js'
import { sanitizeHtml } from '../text/index.js'
import { isSafeLink } from '../../../platform/url-policy.js'

const text = (max = 500) => z.string().max(max, `Use at most ${max} characters.`)
const html = z.string().max(LIMITS.html, 'This HTML is too long.')
/** An owner-entered link of a block: an http(s), mailto: or tel: address, an in-site path or a fragment (URL policy). */
const link = z
  .string()
  .max(2000)
  .refine((v) => /^(https?:\/\/|mailto:|tel:|\/|#)/i.test(v.trim()) && isSafeLink(v), '{val} is not a valid page URL'.replace('{val}', 'This'))
const id = z.string().min(1).max(64)

export const locationSchema = z
  .object({
    addressTitle: text(200),
    addressLine1: text(200),
    addressLine2: text(200),
    addressCountry: text(100),
    mapLat: z.number().min(-90).max(90),
    mapLng: z.number().min(-180).max(180),
    mapZoom: z.number().int().min(1).max(20),
  })
  .partial()
  .strict()

const chart = z
  .object({
    title: text(200).optional(),
    type: z.enum(['bar', 'line']).optional(),
    columns: z.array(text(60)).min(1, 'Enter some data!').max(CHART_MAX_COLUMNS, `Charts hold at most ${CHART_MAX_COLUMNS} columns.`),
    rows: z.array(z.object({ label: text(60), values: z.array(z.number()) }).strict()).min(1, 'Enter some data!').max(CHART_MAX_ROWS, `Charts hold at most ${CHART_MAX_ROWS} rows.`),
    max: z.number().positive().optional(),
  })
  .strict()
  .refine((c) => c.rows.every((r) => r.values.length === c.columns.length), { message: 'One or more rows was missing data', path: ['rows'] })

const open = z.object({}).catchall(z.unknown())

export const BLOCK_VALUE_SCHEMAS: Record<BlockTypeName, z.ZodType> = {
  html: z.object({ html }).strict(),
  text: z.object({ html }).strict(),
  markdown: z.object({ markdown: z.string().max(LIMITS.html) }).strict(),
  image: z.object({ imageId: id.optional(), caption: text().optional(), link: link.optional(), newWindow: z.boolean().optional(), alignment: z.enum(['center', 'left', 'right']).optional() }).strict(),
  gallery: z
    .object({
      imageIds: z.array(id).max(LIMITS.orderableItems).optional(),
      links: z.record(id, link).optional(),
      collectionId: id.optional(),
      options: galleryOptionsInput.optional(),
      /** 'accounts': the images of the connected accounts' photo feeds instead of the uploaded ones. */
      source: z.enum(GALLERY_SOURCES).optional(),
      accounts: z
        .array(
          z
            .object({
              provider: z.enum(Object.keys(GALLERY_ACCOUNT_PROVIDERS) as [GalleryAccountProvider], `Choose one of ${Object.keys(GALLERY_ACCOUNT_PROVIDERS).join(', ')}.`).default('rss'),
              feedUrl: z.url({ protocol: /^https?$/, message: 'Enter the address of the account’s public photo feed (http or https).' }).max(2000),
              title: text(100).optional(),
            })
            .strict(),
        )
        .max(GALLERY_MAX_ACCOUNTS, GALLERY_ACCOUNTS_FULL_MESSAGE)
        .optional(),
    })
    .strict(),
  summary: z
    .object({ collectionId: id, design: z.enum(['list', 'grid', 'carousel']).optional(), title: text(200).optional(), limit: z.number().int().min(1).max(30).optional(), tag: text(LIMITS.tag).optional(), category: text(LIMITS.category).optional() })
    .strict(),
  spacer: z.object({ height: z.number().int().min(0, 'Height must be between 0 and 1000.').max(1000, 'Height must be between 0 and 1000.').optional() }).strict(),
  embed: z.object({ html: html.optional(), url: z.url({ protocol: /^https$/ }).optional(), title: text(200).optional() }).strict(),
  code: z.object({ code: z.string().max(50_000), language: text(40).optional(), lineNumbers: z.boolean().optional() }).strict(),
  video: z.object({ url: z.url({ protocol: /^https?$/ }), title: text(200).optional(), caption: text().optional(), thumbnailImageId: id.optional() }).strict(),
  search: z.object({ placeholder: text(100).optional() }).strict(),
  audio: z.object({ audioAssetUrl: link, title: text(200).optional(), author: text(200).optional() }).strict(),
  album: z
    .object({
      title: text(200).optional(),
      artist: text(200).optional(),
      coverImageId: id.optional(),
      tracks: z
        .array(z.object({ title: text(200).trim().min(1, 'Enter the track title.'), audioAssetUrl: link, duration: z.number().int('Use whole seconds.').min(0).max(86_400).optional() }).strict())
        .max(ALBUM_MAX_TRACKS, ALBUM_FULL_MESSAGE),
    })
    .strict(),
  product: z.object({ productId: id, collectionId: id.optional() }).strict(),
  newsletter: z.object({ formId: id.optional(), title: text(200).optional(), description: html.optional(), placeholder: text(100).optional(), buttonText: text(60).optional() }).strict(),
  form: z.object({ formId: id.optional(), title: text(200).optional() }).strict(),
  button: z
    .object({ label: text(100).min(1, 'Enter a label.'), url: link, style: z.enum(['primary', 'secondary', 'outline']).optional(), size: z.enum(['small', 'large']).optional(), alignment: z.enum(['center', 'left', 'right']).optional(), newWindow: z.boolean().optional() })
    .strict(),
  accordion: z.object({ title: text(200).optional(), items: z.array(z.object({ title: text(200), body: html, open: z.boolean().optional() }).strict()).max(50) }).strict(),
  map: z.object({ location: locationSchema }).strict(),
  menu: z
    .object({ title: text(200).optional(), sections: z.array(z.object({ title: text(200).optional(), items: z.array(z.object({ title: text(200), description: text().optional(), price: text(40).optional() }).strict()).max(100) }).strict()).max(20) })
    .strict(),
  'social-links': z.object({ accounts: z.array(z.object({ serviceName: text(40), userName: text(100), profileUrl: link }).strict()).max(20).optional() }).strict(),
  quote: z.object({ text: text(2000).min(1, 'Enter the quote.'), source: text(200).optional() }).strict(),
  chart,
  navigation: open,
  logo: open,
  comments: open,
  folder: open,
  donation: z
    .object({
      title: text(200).optional(),
      description: text(1000).optional(),
      presets: z.array(z.number().int('Use whole amounts.').min(DONATION_MIN_UNITS, `At least ${DONATION_MIN_UNITS}.`).max(DONATION_MAX_UNITS, `At most ${DONATION_MAX_UNITS}.`)).max(DONATION_MAX_PRESETS, `At most ${DONATION_MAX_PRESETS} amounts.`).optional(),
      recurring: z.boolean().optional(),
      buttonText: text(60).optional(),
    })
    .strict(),
  'member-area': open,
}

/** A block as the owner API accepts it: a type id (or type name) and its value. */
export const blockInput = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Block ids are 1 to 40 letters, digits, _ or -.').optional(),
    type: z.number().int().optional(),
    typeName: z.string().optional(),
    value: z.record(z.string(), z.unknown()).default({}),
  })
  .strict()
export type BlockInput = z.infer<typeof blockInput>

/** The type name of a block input, or null when unknown. */
export function blockTypeName(b: { type?: number | undefined; typeName?: string | undefined }): BlockTypeName | null {
  if (b.type !== undefined) return BLOCK_NAME_OF_TYPE.get(b.type) ?? null
  if (b.typeName && Object.prototype.hasOwnProperty.call(BLOCK_TYPES, b.typeName)) return b.typeName as BlockTypeName
  return null
}

/** Sanitizes the HTML fields of a validated block value (owner HTML never reaches a page unsanitized). */
export function sanitizeBlockValue(name: BlockTypeName, value: Record<string, unknown>): Record<string, unknown> {
  const v = { ...value }
  if ((name === 'html' || name === 'embed') && typeof v.html === 'string') v.html = sanitizeHtml(v.html)
  if (name === 'text' && typeof v.html === 'string') v.html = sanitizeHtml(v.html, { iframes: false })
  if (name === 'newsletter' && typeof v.description === 'string') v.description = sanitizeHtml(v.description, { iframes: false })
  if (name === 'accordion' && Array.isArray(v.items)) {
    v.items = (v.items as { body: string }[]).map((it) => ({ ...it, body: sanitizeHtml(it.body, { iframes: false }) }))
  }
  return v
}
