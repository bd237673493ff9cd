// Owner API payloads (zod, strict, human messages).
import { z } from 'zod'
import { SECTION_BACKGROUNDS, SECTION_PADDINGS } from '@sitewright/contracts'
import { linkSchema } from '../../platform/url-policy.js'
import { blockInput, locationSchema } from './blocks.js'
import { BACKGROUND_SOURCE, CONTENT_STATUSES, FOLDER_BEHAVIOR, LIMITS, LOCKS, NAVIGATIONS, PAST_OR_UPCOMING, PROMOTED_BLOCK_TYPES, RECORD_TYPE_IDS, TYPE_NAMES, VIEWS } from './constants.js'
import { galleryOptionsInput } from './gallery.js'

const title = z.string().trim().min(1, 'Enter a title.').max(LIMITS.title, `Use at most ${LIMITS.title} characters.`)
const html = z.string().max(LIMITS.html, 'This text is too long.')
const plain = (max: number) => z.string().max(max, `Use at most ${max} characters.`)
const id = z.string().min(1).max(64)
/** A time as epoch ms or an ISO 8601 string. */
const time = z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time.' })]).transform((v) => new Date(v))
const url = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'Links must be formatted as https://example.com or http://example.com')

export const layoutInput = z
  .object({
    sections: z
      .array(
        z
          .object({
            id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Section ids are 1 to 40 letters, digits, _ or -.').optional(),
            blocks: z.array(blockInput).max(200, 'A section holds at most 200 blocks.'),
            style: z
              .object({
                background: z.enum(SECTION_BACKGROUNDS, 'Choose none, a colour theme or an image.'),
                colorThemeId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Choose one of the colour themes.').optional(),
                imageId: id.optional(),
                padding: z.enum(SECTION_PADDINGS, 'Choose S, M or L.'),
              })
              .strict()
              .refine((st) => st.background !== 'theme' || !!st.colorThemeId, { message: 'Choose one of the colour themes.', path: ['colorThemeId'] })
              .refine((st) => st.background !== 'image' || !!st.imageId, { message: 'Choose an image.', path: ['imageId'] })
              .optional(),
          })
          .strict(),
      )
      .max(50, 'A page holds at most 50 sections.'),
  })
  .strict()
export type LayoutInput = z.infer<typeof layoutInput>

export const popupOverlayInput = z
  .object({
    title: plain(200),
    body: html.default(''),
    buttonText: plain(60).default('Close'),
    buttonUrl: linkSchema('{val} is not a valid page URL'.replace('{val}', 'This')).optional(),
    formId: id.optional(),
  })
  .strict()

const collectionFields = {
  title,
  navigationTitle: plain(LIMITS.title),
  urlId: plain(LIMITS.slug),
  parentId: id.nullable(),
  description: html,
  navigation: z.enum(NAVIGATIONS, `Choose one of ${NAVIGATIONS.join(', ')}.`),
  homepage: z.literal(true, 'Choose another page as the home page instead.'),
  folderBehavior: z.literal(Object.values(FOLDER_BEHAVIOR), 'Folder behaviour is index 1, redirect 2, none 3 or variation 4.'),
  backgroundSource: z.literal(Object.values(BACKGROUND_SOURCE), 'Background source is upload 1, instagram 2, video 3 or none 4.'),
  mainImageId: id.nullable(),
  calendarView: z.boolean(),
  showPastOrUpcomingEvents: z.enum(PAST_OR_UPCOMING, 'Choose past, upcoming or both.'),
  view: z.enum(VIEWS, 'Choose list, grid or product.'),
  pageSize: z.number().int().min(1, 'Show 1 to 100 items per page.').max(100, 'Show 1 to 100 items per page.'),
  galleryOptions: galleryOptionsInput,
  layout: layoutInput,
  lock: z.enum(LOCKS, 'Choose none, password or members.'),
  password: z.string().min(1, 'Enter a password.').max(200).nullable(),
  seoTitle: plain(200),
  seoDescription: plain(500),
  seoHidden: z.boolean(),
  status: z.enum(CONTENT_STATUSES, 'Choose published, draft, scheduled, needs-review or private.'),
  publishOn: time,
  popupOverlay: popupOverlayInput.nullable(),
  typeLabel: plain(60),
}

export const createCollectionBody = z
  .object({ typeName: z.enum(TYPE_NAMES, `Choose one of ${TYPE_NAMES.join(', ')}.`), ...collectionFields })
  .partial()
  .required({ typeName: true, title: true })
  .strict()
export type CreateCollection = z.infer<typeof createCollectionBody>
export const updateCollectionBody = z.object(collectionFields).partial().strict()
export type UpdateCollection = z.infer<typeof updateCollectionBody>

const tag = z.string().trim().min(1, 'Tags cannot be empty.').max(LIMITS.tag, `A tag has at most ${LIMITS.tag} characters.`)
const category = z.string().trim().min(1, 'Categories cannot be empty.').max(LIMITS.category, `A category has at most ${LIMITS.category} characters.`)
const unique = (list: string[]) => new Set(list.map((s) => s.toLowerCase())).size === list.length

export const imageDataInput = z
  .object({
    assetUrl: linkSchema(),
    originalSize: z.string().regex(/^\d+x\d+$/, "Invalid source parameter. Pass in 'originalSize'"),
    altText: plain(1000),
    title: plain(200),
    body: plain(1000),
    filename: plain(200),
    mediaFocalPoint: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).strict(),
  })
  .partial()
  .strict()

const itemFields = {
  recordType: z.number().int().refine((v) => RECORD_TYPE_IDS.has(v), 'This record type does not exist.'),
  title: z.string().trim().max(LIMITS.title, `Use at most ${LIMITS.title} characters.`),
  urlId: plain(LIMITS.slug),
  excerpt: html,
  body: html,
  authorName: plain(100),
  status: z.enum(CONTENT_STATUSES, 'Choose published, draft, scheduled, needs-review or private.'),
  publishOn: time,
  tags: z.array(tag).max(50).refine(unique, { message: 'This tag already exists' }),
  categories: z.array(category).max(50).refine(unique, { message: 'This category already exists' }),
  mainImageId: id.nullable(),
  externalLink: url.nullable(),
  sourceUrl: url.nullable(),
  promotedBlockType: z.enum(PROMOTED_BLOCK_TYPES, `Choose one of ${PROMOTED_BLOCK_TYPES.join(', ')}.`).nullable(),
  commentState: z.union([z.literal(1), z.literal(2)], 'Comment state is open 1 or closed 2.'),
  startDate: time.nullable(),
  endDate: time.nullable(),
  location: locationSchema.nullable(),
  layout: layoutInput.nullable(),
  image: imageDataInput.nullable(),
  audioAssetUrl: linkSchema().nullable(),
  videoUrl: url.nullable(),
  seoTitle: plain(200),
  seoDescription: plain(500),
  socialImageId: id.nullable(),
}

export const createItemBody = z.object(itemFields).partial().required({ title: true }).strict()
export type CreateItem = z.infer<typeof createItemBody>
export const updateItemBody = z.object(itemFields).partial().strict()
export type UpdateItem = z.infer<typeof updateItemBody>

export const reorderBody = z.object({ ids: z.array(id).min(1).max(1000) }).strict()
export const reorderCollectionsBody = z.object({ navigation: z.enum(NAVIGATIONS), ids: z.array(id).min(1).max(1000) }).strict()

/** The navigation's draft: pages in their new order, each with its section and (optionally) folder and navigation title. */
export const navigationDraftBody = z
  .object({
    pages: z
      .array(z.object({ id, navigation: z.enum(NAVIGATIONS), parentId: id.nullable().optional(), navigationTitle: plain(LIMITS.title).optional() }).strict())
      .min(1)
      .max(1000),
  })
  .strict()

export const siteParams = z.object({ siteId: id }).strict()
export const collectionParams = z.object({ siteId: id, collectionId: id }).strict()
export const itemParams = z.object({ siteId: id, itemId: id }).strict()
export const listItemsQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(250).default(50),
    status: z.enum(CONTENT_STATUSES).optional(),
  })
  .strict()
