// The shapes files leave the domain in: the owner API's FileAsset and the template context's Image.
import type { FileAsset } from '@sitewright/contracts'
import { formatBytes } from './format.js'
import type { ColorData } from './images.js'
import { systemDataVariants } from './images.js'
import { generatedWidths, type AssetRow } from './service.js'

/** Longest `body` shown in a template context (the stored description is kept whole). */
export const BODY_DISPLAY_MAX = 1000

/** The Image shape of themes/default/CONTEXT.md (plus `mimeType`, so callers can tell audio or documents apart). */
export interface ImageContext {
  id: string
  /** '/files/<siteSlug>/<assetId>/<filename>' */
  assetUrl: string
  filename: string
  mimeType: string
  originalSize?: string
  mediaFocalPoint: { x: number; y: number }
  colorData?: ColorData
  altText: string
  title: string
  body: string
  /** 'WxH,100w,300w,...' (the original size, then the widths that can be asked for), '' for non-images. */
  systemDataVariants: string
}

export type { FileAsset }

export function assetUrl(siteSlug: string, row: Pick<AssetRow, 'id' | 'filename'>): string {
  return `/files/${encodeURIComponent(siteSlug)}/${row.id}/${encodeURIComponent(row.filename)}`
}

const originalSize = (row: AssetRow) => (row.width && row.height ? `${row.width}x${row.height}` : null)

/** Truncates at `max` characters without splitting a surrogate pair. */
export function truncateText(text: string, max = BODY_DISPLAY_MAX): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}

export function toImageContext(siteSlug: string, row: AssetRow): ImageContext {
  const size = originalSize(row)
  const image: ImageContext = {
    id: row.id,
    assetUrl: assetUrl(siteSlug, row),
    filename: row.filename,
    mimeType: row.mime,
    mediaFocalPoint: { x: row.focalX, y: row.focalY },
    altText: row.altText,
    title: row.title,
    body: truncateText(row.body),
    systemDataVariants: row.kind === 'image' ? systemDataVariants(row.width, row.height, generatedWidths(row)) : '',
  }
  if (size) image.originalSize = size
  if (row.colorData) image.colorData = row.colorData
  return image
}

export function toFileAsset(siteSlug: string, row: AssetRow): FileAsset {
  return {
    id: row.id,
    filename: row.filename,
    mimeType: row.mime,
    kind: row.kind,
    size: row.size,
    sizeText: formatBytes(row.size),
    assetUrl: assetUrl(siteSlug, row),
    originalSize: originalSize(row),
    mediaFocalPoint: { x: row.focalX, y: row.focalY },
    colorData: row.colorData ?? null,
    altText: row.altText,
    title: row.title,
    body: row.body,
    systemDataVariants: row.kind === 'image' ? systemDataVariants(row.width, row.height, generatedWidths(row)) : '',
    status: row.status,
    error: row.error ?? null,
    crop: row.cropSource && row.crop ? { sourceId: row.cropSource, ...row.crop } : null,
    createdOn: row.createdAt.getTime(),
    updatedOn: row.updatedAt.getTime(),
  }
}
