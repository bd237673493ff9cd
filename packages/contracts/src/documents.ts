// The stored page document, defined once for the server (which stores and renders it) and the editor (which opens
// it as editable). Stored documents (page layouts, block values, gallery options) carry their version in the field
// `v`. Everything read from outside goes through ONE function, `restore(kind, raw)`, which upgrades old shapes to the
// current one and never throws (unknown or broken parts are dropped). Writers stamp the current version with
// `stamp()`. Pure: no imports beyond this package.
import { BLOCK_NAME_OF_TYPE, BLOCK_TYPES, type BlockTypeName } from './enums.js'
import { isGalleryOptionValue, type GalleryOptions } from './gallery.js'
import { sectionStyleOf, type SectionStyle } from './sections.js'

export const DOC_VERSIONS = { layout: 2, block: 2, gallery: 2 } as const

export interface StoredBlock {
  id: string
  type: number
  v: 2
  value: Record<string, unknown>
}
export interface StoredLayout {
  v: 2
  sections: { id: string; blocks: StoredBlock[]; style?: SectionStyle }[]
}
export interface StoredGallery {
  v: 2
  /** Only the options that were set, each valid on its own. */
  options: Partial<GalleryOptions>
}

export interface StoredDocuments {
  layout: StoredLayout
  block: StoredBlock | null
  gallery: StoredGallery
}
export type DocKind = keyof StoredDocuments

type Obj = Record<string, unknown>
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x)
const version = (x: Obj): number => (typeof x.v === 'number' ? x.v : 1)
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined)

/** Upgrades a stored document of `kind` to the current version. */
export function restore<K extends DocKind>(kind: K, raw: unknown): StoredDocuments[K] {
  switch (kind) {
    case 'layout':
      return restoreLayout(raw) as StoredDocuments[K]
    case 'block':
      return restoreBlock(raw, 0) as StoredDocuments[K]
    case 'gallery':
      return restoreGallery(raw) as StoredDocuments[K]
    default:
      throw new Error(`unknown document kind ${String(kind)}`)
  }
}

/** The current shape of a document being written (the version stamp). */
export function stamp<K extends DocKind>(kind: K, doc: Omit<NonNullable<StoredDocuments[K]>, 'v'>): NonNullable<StoredDocuments[K]> {
  return { ...doc, v: DOC_VERSIONS[kind] } as NonNullable<StoredDocuments[K]>
}

function restoreLayout(raw: unknown): StoredLayout {
  // v0: a bare array of blocks; v1: { blocks: [...] } (one implicit section); v2: { v: 2, sections: [...] } (an
  // object with `sections` is that shape even when its `v` is missing)
  let sections: unknown[]
  if (Array.isArray(raw)) sections = [{ id: 's1', blocks: raw }]
  else if (!isObj(raw)) sections = []
  else if (version(raw) < 2 && !Array.isArray(raw.sections)) sections = [{ id: 's1', blocks: Array.isArray(raw.blocks) ? raw.blocks : [] }]
  else sections = Array.isArray(raw.sections) ? raw.sections : []
  const seen = new Set<string>()
  return {
    v: 2,
    sections: sections.filter(isObj).map((s, i) => {
      const blocks = (Array.isArray(s.blocks) ? s.blocks : []).map((b, j) => restoreBlock(b, j)).filter((b): b is StoredBlock => b !== null)
      for (const b of blocks) {
        if (seen.has(b.id)) b.id = `${b.id}-${i + 1}`
        seen.add(b.id)
      }
      const style = sectionStyleOf(s.style)
      return style ? { id: str(s.id) ?? `s${i + 1}`, blocks, style } : { id: str(s.id) ?? `s${i + 1}`, blocks }
    }),
  }
}

function blockName(b: Obj): BlockTypeName | null {
  if (typeof b.type === 'number') return BLOCK_NAME_OF_TYPE.get(b.type) ?? null
  const n = str(b.typeName) ?? str(b.type)
  return n && Object.prototype.hasOwnProperty.call(BLOCK_TYPES, n) ? (n as BlockTypeName) : null
}

const SPACER_SIZES: Record<string, number> = { small: 20, medium: 40, large: 80 }

/** v1 block values used other field names; v2 is the shape documented in themes/default/CONTEXT.md (before resolution). */
function upgradeValue(name: BlockTypeName, v: Obj): Obj {
  const out: Obj = { ...v }
  const rename = (from: string, to: string) => {
    if (from in out) {
      if (!(to in out)) out[to] = out[from]
      delete out[from]
    }
  }
  switch (name) {
    case 'button':
      rename('text', 'label')
      rename('href', 'url')
      if (out.target === '_blank') out.newWindow = true
      delete out.target
      break
    case 'spacer':
      if (typeof out.size === 'string') out.height = SPACER_SIZES[out.size] ?? 40
      delete out.size
      break
    case 'image':
      rename('assetId', 'imageId')
      break
    case 'quote':
      rename('quote', 'text')
      rename('author', 'source')
      break
    case 'code':
      rename('text', 'code')
      rename('lang', 'language')
      break
    case 'markdown':
      rename('text', 'markdown')
      break
    case 'gallery':
      if ('options' in out) out.options = restoreGallery({ options: out.options, v: 1 }).options
      break
  }
  return out
}

function restoreBlock(raw: unknown, index: number): StoredBlock | null {
  if (!isObj(raw)) return null
  const name = blockName(raw)
  if (!name) return null
  let value: Obj = isObj(raw.value) ? raw.value : {}
  if (version(raw) < 2) value = upgradeValue(name, value)
  else if (name === 'gallery' && isObj(value.options)) value = { ...value, options: restoreGallery({ v: 2, options: value.options }).options }
  const id = str(raw.id)
  return { id: id && /^[A-Za-z0-9_-]{1,40}$/.test(id) ? id : `b${index + 1}`, type: BLOCK_TYPES[name], v: 2, value }
}

const CAMEL_TO_DASHED: Record<string, string> = {
  autoplayDuration: 'autoplay-duration',
  autoCrop: 'auto-crop',
  aspectRatio: 'aspect-ratio',
  squareThumbs: 'square-thumbs',
  thumbnailStripHeight: 'thumbnail-strip-height',
  thumbnailStripMargin: 'thumbnail-strip-margin',
  showMeta: 'show-meta',
  showMetaBasic: 'show-meta-basic',
  showMetaOnlyTitle: 'show-meta-only-title',
  metaPosition: 'meta-position',
  showMetaOnHover: 'show-meta-on-hover',
  activeAlignment: 'active-alignment',
  thumbnailsPerRow: 'thumbnails-per-row',
  maxWidth: 'max-width',
}

function restoreGallery(raw: unknown): StoredGallery {
  // v1: { design?, <camelCase options> } or { options: {...camelCase} }; v2: { v: 2, options: {...dashed} }
  if (!isObj(raw)) return { v: 2, options: {} }
  let src: Obj = isObj(raw.options) ? { ...raw.options } : { ...raw }
  delete src.v
  if (version(raw) < 2) {
    const up: Obj = {}
    for (const [k, val] of Object.entries(src)) up[CAMEL_TO_DASHED[k] ?? k] = val
    if (typeof raw.design === 'string' && !('design' in up)) up.design = raw.design
    src = up
  }
  const options: Obj = {}
  for (const [k, val] of Object.entries(src)) {
    if (isGalleryOptionValue(k, val)) options[k] = val
  }
  return { v: 2, options: options as Partial<GalleryOptions> }
}
