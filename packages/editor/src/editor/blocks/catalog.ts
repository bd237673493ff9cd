// The block types the editor offers: label, a fresh value in the owner API's shape (packages/server content
// blocks), what a block still needs before the server accepts it, and how its value is cleaned for saving.
import { defaultGalleryOptions } from '../../dialogs/gallery/options.js'
import { DONATION_DEFAULT_BUTTON, DONATION_DEFAULT_PRESETS } from '@sitewright/contracts'
import { albumMissing } from './albumModel.js'
import { BLOCK_TYPE_IDS, newId, type Block, type BlockTypeName, type BlockValue } from '../core/document.js'

export interface BlockKind {
  typeName: BlockTypeName
  label: string
  create(): BlockValue
  /** What is missing before the server accepts the block (it is not saved until then), or null. */
  missing?(value: BlockValue): string | null
}

export const SPACER_MAX = 1000

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
const need = (field: string, message: string) => (v: BlockValue) => (str(v[field]) ? null : message)

export const BLOCK_KINDS: readonly BlockKind[] = [
  { typeName: 'text', label: 'Text', create: () => ({ html: '<p></p>' }) },
  { typeName: 'image', label: 'Image', create: () => ({ imageId: '', caption: '', link: '', newWindow: false, alignment: 'center' }), missing: need('imageId', 'Choose an image.') },
  { typeName: 'gallery', label: 'Gallery', create: () => ({ imageIds: [], options: defaultGalleryOptions() }) },
  {
    typeName: 'button',
    label: 'Button',
    create: () => ({ label: 'Learn more', url: '/', style: 'primary', size: 'small', alignment: 'center', newWindow: false }),
    missing: (v) => (!str(v.label) ? 'Enter a label.' : !str(v.url) ? 'Add a link.' : null),
  },
  { typeName: 'html', label: 'HTML', create: () => ({ html: '' }) },
  { typeName: 'markdown', label: 'Markdown', create: () => ({ markdown: '' }) },
  { typeName: 'code', label: 'Code', create: () => ({ code: '', language: 'plain', lineNumbers: true }) },
  { typeName: 'spacer', label: 'Spacer', create: () => ({ height: 40 }) },
  { typeName: 'form', label: 'Form', create: () => ({ formId: '', title: '' }) },
  { typeName: 'newsletter', label: 'Newsletter', create: () => ({ formId: '', title: 'Subscribe', description: '', placeholder: 'Email Address', buttonText: 'Sign Up' }) },
  { typeName: 'video', label: 'Video', create: () => ({ url: '', title: '', caption: '' }), missing: need('url', 'Enter the video address.') },
  { typeName: 'audio', label: 'Audio', create: () => ({ audioAssetUrl: '', title: '', author: '' }), missing: need('audioAssetUrl', 'Choose an audio file.') },
  { typeName: 'album', label: 'Album', create: () => ({ title: '', artist: '', coverImageId: '', tracks: [] }), missing: albumMissing },
  { typeName: 'map', label: 'Map', create: () => ({ location: { addressTitle: '', addressLine1: '', addressLine2: '', addressCountry: '', mapZoom: 12 } }) },
  { typeName: 'embed', label: 'Embed', create: () => ({ url: '', title: '' }) },
  { typeName: 'summary', label: 'Summary', create: () => ({ collectionId: '', design: 'list', title: '', limit: 3 }), missing: need('collectionId', 'Choose a collection.') },
  { typeName: 'product', label: 'Product', create: () => ({ productId: '' }), missing: need('productId', 'Choose a product.') },
  { typeName: 'menu', label: 'Menu', create: () => ({ title: '', sections: [{ title: '', items: [{ title: 'Dish', description: '', price: '' }] }] }) },
  { typeName: 'accordion', label: 'Accordion', create: () => ({ title: '', items: [{ title: 'Question', body: '<p>Answer</p>', open: false }] }) },
  { typeName: 'social-links', label: 'Social links', create: () => ({}) },
  { typeName: 'search', label: 'Search', create: () => ({ placeholder: 'Search' }) },
  { typeName: 'chart', label: 'Chart', create: () => ({ title: '', type: 'bar', columns: ['Value'], rows: [{ label: 'A', values: [1] }] }) },
  { typeName: 'quote', label: 'Quote', create: () => ({ text: '', source: '' }), missing: need('text', 'Enter the quote.') },
  {
    typeName: 'donation',
    label: 'Donation',
    create: () => ({ title: 'Support our work', description: '', presets: [...DONATION_DEFAULT_PRESETS], recurring: true, buttonText: DONATION_DEFAULT_BUTTON }),
    missing: (v) => (Array.isArray(v.presets) && v.presets.length === 0 ? 'Add at least one suggested amount.' : null),
  },
]

export function kindOf(typeName: string): BlockKind | undefined {
  return BLOCK_KINDS.find((k) => k.typeName === typeName)
}

export function typeIdOf(typeName: BlockTypeName): number {
  return BLOCK_TYPE_IDS[typeName]
}

export function createBlock(typeName: BlockTypeName): Block {
  const kind = kindOf(typeName)
  if (!kind) throw new Error(`unknown block type ${typeName}`)
  return { id: newId(), type: typeIdOf(typeName), typeName, value: kind.create() }
}

export function missingOf(block: Block): string | null {
  return kindOf(block.typeName)?.missing?.(block.value) ?? null
}

/** Fields the server rejects when empty (links and ids): left out instead of sent as ''. */
const DROP_WHEN_EMPTY = new Set(['link', 'url', 'formId', 'imageId', 'collectionId', 'productId', 'thumbnailImageId', 'audioAssetUrl', 'coverImageId'])

/** A block value as the owner API accepts it. */
export function cleanValue(typeName: string, value: BlockValue): BlockValue {
  const out: BlockValue = {}
  for (const [k, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue
    if (v === '' && DROP_WHEN_EMPTY.has(k)) continue
    out[k] = v
  }
  if (typeName === 'chart' && !(Number(out.max) > 0)) delete out.max
  if (typeName === 'map' && typeof out.location === 'object' && out.location) {
    out.location = Object.fromEntries(Object.entries(out.location).filter(([, v]) => v !== null && v !== undefined && v !== ''))
  }
  return out
}
