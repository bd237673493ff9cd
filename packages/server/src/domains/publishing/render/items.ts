// Item rows -> the Item of the context (CONTEXT.md), with images, comment/like counts and gallery image fields.
import { htmlToText, itemDataOf, RECORD_TYPES, type CollectionRow, type ItemRow } from '../../content/index.js'
import { fullUrlOf, type SiteScope } from '../context/index.js'
import type { ImageContext, Json } from '../context/index.js'
import { videoEmbed } from './video.js'

const IMAGE_FIELDS = ['assetUrl', 'originalSize', 'mediaFocalPoint', 'systemDataVariants', 'altText', 'title', 'body', 'filename', 'colorData'] as const

/** Context Items for rows of (possibly different) collections of the site. */
export async function itemContexts(scope: SiteScope, rows: readonly ItemRow[]): Promise<Json[]> {
  if (rows.length === 0) return []
  const images = await scope.images(rows.map((r) => r.mainImageId))
  const counts = scope.deps.social ? await scope.deps.social.counts(scope.site.id, rows.map((r) => r.id)) : new Map<string, { publicCommentCount: number; likeCount: number }>()
  return rows.map((r) => itemContext(scope, r, scope.byId.get(r.collectionId), r.mainImageId ? images.get(r.mainImageId) : undefined, counts.get(r.id)))
}

export function itemContext(scope: SiteScope, r: ItemRow, c: CollectionRow | undefined, image: ImageContext | undefined, counts?: { publicCommentCount: number; likeCount: number }): Json {
  const data = itemDataOf(r)
  const base = c ? fullUrlOf(c).replace(/\/$/, '') : ''
  const out: Json = {
    id: r.id,
    collectionId: r.collectionId,
    recordType: r.recordType,
    title: r.title,
    urlId: r.urlId,
    fullUrl: `${base}/${r.urlId}`,
    body: r.body,
    addedOn: r.createdAt.getTime(),
    publishOn: r.publishOn.getTime(),
    updatedOn: r.updatedAt.getTime(),
    tags: r.tags,
    categories: r.categories,
    passthrough: false,
    publicCommentCount: counts?.publicCommentCount ?? 0,
    commentState: r.commentState,
    likeCount: counts?.likeCount ?? 0,
  }
  if (htmlToText(r.excerpt) !== '') out.excerpt = r.excerpt
  if (r.authorName) out.author = { displayName: r.authorName }
  if (r.mainImageId) {
    out.mainImageId = r.mainImageId
    out.systemDataId = r.mainImageId
  }
  if (image) {
    out.mainImage = image
    out.assetUrl = image.assetUrl
  }
  // Gallery images carry their image fields on the item itself (from the asset, or stored with the item).
  if (r.recordType === RECORD_TYPES.IMAGE) {
    const src: Json = { ...(data.image ?? {}), ...(image ?? {}) }
    for (const k of IMAGE_FIELDS) {
      if (src[k] !== undefined && src[k] !== '' && (k !== 'title' || !r.title)) out[k] = src[k]
    }
    if (out.assetUrl && !out.mediaFocalPoint) out.mediaFocalPoint = { x: 0.5, y: 0.5 }
    if (data.image?.altText) out.altText = data.image.altText
    out.mediaType = data.videoUrl ? 'video' : image ? 'imageFile' : out.assetUrl ? 'assetReused' : 'imageEmpty'
  }
  if (r.externalLink) out.externalLink = r.externalLink
  if (r.sourceUrl) {
    out.sourceUrl = r.sourceUrl
    out.passthrough = true
  }
  if (r.promotedBlockType) out.promotedBlockType = r.promotedBlockType
  if (r.startDate) out.startDate = r.startDate.getTime()
  if (r.endDate) out.endDate = r.endDate.getTime()
  if (r.location && typeof r.location === 'object') out.location = r.location
  if (data.audioAssetUrl) {
    // SPEC.md: structuredContent.audioAssetUrl (what the audio post template and the audio player read)
    out.audioAssetUrl = data.audioAssetUrl
    out.structuredContent = { audioAssetUrl: data.audioAssetUrl }
  }
  if (data.videoUrl) {
    const oembed = videoEmbed(data.videoUrl, r.title)
    if (oembed) out.oembed = oembed
  }
  return out
}

/** The `{ title, fullUrl }` of a neighbour item. */
export const itemLink = (scope: SiteScope, r: ItemRow | null) => {
  if (!r) return undefined
  const c = scope.byId.get(r.collectionId)
  return { title: r.title, fullUrl: `${c ? fullUrlOf(c).replace(/\/$/, '') : ''}/${r.urlId}` }
}
