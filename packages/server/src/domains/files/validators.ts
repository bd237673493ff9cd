import { z } from 'zod'
import type { FileCrop, FilePatch } from '@sitewright/contracts'
import type { Assert, Same } from '../../platform/http/contract.js'
import { MESSAGES } from './format.js'

const hexId = (what: string) => z.string().regex(/^[0-9a-f]{24}$/, `Unknown ${what} id.`)

export const siteParams = z.object({ siteId: hexId('site') }).strict()
export const fileParams = z.object({ siteId: hexId('site'), fileId: hexId('file') }).strict()

export const listQuery = z
  .object({
    query: z.string().max(200, 'Use at most 200 characters.').optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict()

const focal = z.number({ error: 'Use a number from 0 to 1.' }).min(0, 'Use a number from 0 to 1.').max(1, 'Use a number from 0 to 1.')

export const filePatch = z
  .object({
    filename: z
      .string()
      .trim()
      .min(1, MESSAGES.emptyName)
      .max(255, 'Use at most 255 characters.')
      // eslint-disable-next-line no-control-regex
      .refine((v) => !/[\\/\u0000-\u001f\u007f]/.test(v), 'A file name cannot contain / or \\.'),
    altText: z.string().max(1000, 'Use at most 1000 characters.'),
    title: z.string().max(500, 'Use at most 500 characters.'),
    body: z.string().max(20000, 'Use at most 20000 characters.'),
    mediaFocalPoint: z.object({ x: focal, y: focal }).strict(),
  })
  .partial()
  .strict()
export type { FilePatch }
type _FilePatchAgrees = Assert<Same<z.infer<typeof filePatch>, FilePatch>>

const fraction = z.number({ error: 'Use a number from 0 to 1.' }).min(0, 'Use a number from 0 to 1.').max(1, 'Use a number from 0 to 1.')

/** POST files/:id/crop: the rectangle in fractions of the image; it must lie inside the image. */
export const cropBody = z
  .object({ x: fraction, y: fraction, width: fraction.refine((v) => v > 0, 'The crop cannot be empty.'), height: fraction.refine((v) => v > 0, 'The crop cannot be empty.') })
  .strict()
  .refine((r) => r.x + r.width <= 1.0001 && r.y + r.height <= 1.0001, 'The crop must lie inside the image.')
type _CropAgrees = Assert<Same<z.infer<typeof cropBody>, FileCrop>>

/** Public file route: `?format=<W>w` or `original`. */
export const serveQuery = z.object({ format: z.string().max(20).optional() })

const colorData = z.object({
  topLeftAverage: z.string(),
  topRightAverage: z.string(),
  bottomLeftAverage: z.string(),
  bottomRightAverage: z.string(),
  centerAverage: z.string(),
  suggestedBgColor: z.string(),
})

export const fileAsset = z.object({
  id: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  kind: z.string(),
  size: z.number(),
  sizeText: z.string(),
  assetUrl: z.string(),
  originalSize: z.string().nullable(),
  mediaFocalPoint: z.object({ x: z.number(), y: z.number() }),
  colorData: colorData.nullable(),
  altText: z.string(),
  title: z.string(),
  body: z.string(),
  systemDataVariants: z.string(),
  status: z.enum(['processing', 'ready', 'failed']),
  error: z.string().nullable(),
  crop: z.object({ sourceId: z.string(), x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
  createdOn: z.number(),
  updatedOn: z.number(),
})

export const fileResponse = z.object({ file: fileAsset })
export const listResponse = z.object({ files: z.array(fileAsset), nextCursor: z.string().nullable() })

const limit = z.object({
  /** Configured megabytes (1,000,000 bytes each). */
  megabytes: z.number(),
  bytes: z.number().int(),
  /** As the upload error shows it ('19.07 MB', 1024 units). */
  maxSize: z.string(),
})
export const limitsResponse = z.object({
  limits: z.object({ image: limit, svg: limit, audio: limit, video: limit, document: limit, archive: limit }),
})
