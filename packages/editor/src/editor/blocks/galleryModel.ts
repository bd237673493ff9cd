// A gallery block's own images (pure): the ordered image ids and a link per image (keyed by image id). Each
// function answers the patch of the block value to set.
import { GALLERY_MAX_ACCOUNTS, type GalleryAccount, type GallerySource } from '@sitewright/contracts'
import type { BlockValue } from '../core/document.js'

export function galleryIds(value: BlockValue): string[] {
  return Array.isArray(value.imageIds) ? value.imageIds.filter((x): x is string => typeof x === 'string') : []
}

export function galleryLinks(value: BlockValue): Record<string, string> {
  const v = value.links
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {}
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''))
}

/** Links only of images still in the gallery. */
function keptLinks(links: Record<string, string>, ids: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(links).filter(([id]) => ids.includes(id)))
}

/** The image at `from` moved to `to` (both clamped to the list). */
export function moveImage(value: BlockValue, from: number, to: number): BlockValue {
  const ids = galleryIds(value)
  if (from < 0 || from >= ids.length) return { imageIds: ids }
  const [x] = ids.splice(from, 1)
  ids.splice(Math.max(0, Math.min(ids.length, to)), 0, x!)
  return { imageIds: ids }
}

export function addImages(value: BlockValue, newIds: readonly string[]): BlockValue {
  return { imageIds: [...galleryIds(value), ...newIds] }
}

export function removeImage(value: BlockValue, index: number): BlockValue {
  const ids = galleryIds(value).filter((_, i) => i !== index)
  return { imageIds: ids, links: keptLinks(galleryLinks(value), ids) }
}

/** Every use of `oldId` replaced by `newId` (a cropped copy), keeping its link. */
export function replaceImage(value: BlockValue, oldId: string, newId: string): BlockValue {
  const links = galleryLinks(value)
  const ids = galleryIds(value).map((id) => (id === oldId ? newId : id))
  if (links[oldId] !== undefined) links[newId] = links[oldId]!
  return { imageIds: ids, links: keptLinks(links, ids) }
}

export function setImageLink(value: BlockValue, id: string, url: string): BlockValue {
  const links = galleryLinks(value)
  if (url) links[id] = url
  else delete links[id]
  return { links }
}

// Connected accounts (source 'accounts'): at most GALLERY_MAX_ACCOUNTS, each a public photo feed.
export function gallerySource(value: BlockValue): GallerySource {
  return value.source === 'accounts' ? 'accounts' : 'images'
}

export function galleryAccounts(value: BlockValue): GalleryAccount[] {
  return Array.isArray(value.accounts) ? value.accounts.filter((a): a is GalleryAccount => !!a && typeof a === 'object' && typeof (a as GalleryAccount).feedUrl === 'string') : []
}

/** Why a feed address cannot be connected ('' when it can). */
export function feedUrlProblem(value: BlockValue, url: string): string {
  const u = url.trim()
  if (!/^https?:\/\/[^\s/]+\.[^\s/]+/i.test(u)) return 'Enter the address of the account’s public photo feed (http or https).'
  try {
    new URL(u)
  } catch {
    return 'Enter the address of the account’s public photo feed (http or https).'
  }
  if (galleryAccounts(value).some((a) => a.feedUrl === u)) return 'This account is already connected.'
  return ''
}

/** The account appended (null patch when the gallery already has GALLERY_MAX_ACCOUNTS). */
export function addAccount(value: BlockValue, account: GalleryAccount): BlockValue | null {
  const accounts = galleryAccounts(value)
  if (accounts.length >= GALLERY_MAX_ACCOUNTS) return null
  const title = account.title?.trim()
  return { accounts: [...accounts, { provider: account.provider, feedUrl: account.feedUrl.trim(), ...(title ? { title } : {}) }] }
}

export function removeAccount(value: BlockValue, index: number): BlockValue {
  return { accounts: galleryAccounts(value).filter((_, i) => i !== index) }
}
