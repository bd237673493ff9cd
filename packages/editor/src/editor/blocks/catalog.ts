// The block types the editor offers: label and a fresh value for each (value shapes of themes/default/CONTEXT.md).
import { defaultGalleryOptions } from '../../dialogs/gallery/options.js'
import { BLOCK_TYPE_IDS, TEXT_BLOCK_TYPE_ID, newId, type Block, type BlockTypeName, type BlockValue } from '../core/document.js'

export interface BlockKind {
  typeName: BlockTypeName
  label: string
  create(): BlockValue
}

export const SPACER_MAX = 1000

export const BLOCK_KINDS: readonly BlockKind[] = [
  { typeName: 'text', label: 'Text', create: () => ({ html: '<p></p>', editor: 'rich-text' }) },
  { typeName: 'image', label: 'Image', create: () => ({ image: null, caption: '', link: '', alignment: 'center' }) },
  { typeName: 'gallery', label: 'Gallery', create: () => ({ items: [], options: defaultGalleryOptions() }) },
  { typeName: 'button', label: 'Button', create: () => ({ label: 'Learn more', url: '', style: 'primary', size: 'small', alignment: 'center', newWindow: false }) },
  { typeName: 'html', label: 'HTML', create: () => ({ html: '' }) },
  { typeName: 'markdown', label: 'Markdown', create: () => ({ markdown: '', html: '' }) },
  { typeName: 'code', label: 'Code', create: () => ({ code: '', language: 'plain', lineNumbers: true }) },
  { typeName: 'spacer', label: 'Spacer', create: () => ({ height: 40 }) },
  { typeName: 'form', label: 'Form', create: () => ({ formId: '', title: '' }) },
  { typeName: 'newsletter', label: 'Newsletter', create: () => ({ formId: '', title: 'Subscribe', description: '', placeholder: 'Email Address', buttonText: 'Sign Up' }) },
  { typeName: 'video', label: 'Video', create: () => ({ url: '', title: '', caption: '' }) },
  { typeName: 'audio', label: 'Audio', create: () => ({ audioAssetUrl: '', title: '', author: '' }) },
  { typeName: 'map', label: 'Map', create: () => ({ location: { addressTitle: '', addressLine1: '', addressLine2: '', addressCountry: '', mapLat: null, mapLng: null, mapZoom: 12 } }) },
  { typeName: 'embed', label: 'Embed', create: () => ({ url: '', title: '' }) },
  { typeName: 'summary', label: 'Summary', create: () => ({ collectionId: '', design: 'list', title: '', pageSize: 3 }) },
  { typeName: 'product', label: 'Product', create: () => ({ itemId: '' }) },
  { typeName: 'menu', label: 'Menu', create: () => ({ title: '', sections: [{ title: '', items: [{ title: '', description: '', price: '' }] }] }) },
  { typeName: 'accordion', label: 'Accordion', create: () => ({ title: '', items: [{ title: 'Question', body: '<p></p>', open: false }] }) },
  { typeName: 'social-links', label: 'Social links', create: () => ({}) },
  { typeName: 'search', label: 'Search', create: () => ({ placeholder: 'Search' }) },
  { typeName: 'chart', label: 'Chart', create: () => ({ title: '', type: 'bar', columns: ['Value'], rows: [{ label: 'A', values: [1] }] }) },
  { typeName: 'quote', label: 'Quote', create: () => ({ text: '', source: '' }) },
]

export function kindOf(typeName: BlockTypeName): BlockKind | undefined {
  return BLOCK_KINDS.find((k) => k.typeName === typeName)
}

export function typeIdOf(typeName: BlockTypeName): number {
  return typeName === 'text' ? TEXT_BLOCK_TYPE_ID : BLOCK_TYPE_IDS[typeName]
}

export function createBlock(typeName: BlockTypeName): Block {
  const kind = kindOf(typeName)
  if (!kind) throw new Error(`unknown block type ${typeName}`)
  return { id: newId(), type: typeIdOf(typeName), typeName, value: kind.create() }
}
