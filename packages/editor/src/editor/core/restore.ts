// The one entry point for documents from outside (the server's layouts, older editors): upgrades old shapes to
// the current PageDocument. Shapes understood:
//   v0  an array of blocks
//   v1  { blocks: Block[] }
//   v2  { v?: 2, sections: [{ id, blocks }] }
// Blocks may lack ids or type names (derived from the type id). Text blocks (type 1001) open as text; an older
// html block whose HTML the rich-text editor can represent opens as a text block too (and is saved as one). Older value shapes are upgraded: image `{ image: { id } }` -> imageId,
// gallery `{ items }` -> imageIds, code `{ text }` -> code, v1 text `{ text }` -> html. Values are normalised.
import { normalizeChart } from '../../dialogs/chart/chart.js'
import { normalizeGalleryOptions } from '../../dialogs/gallery/options.js'
import { SPACER_MAX, kindOf } from '../blocks/catalog.js'
import { sectionStyleOf } from '@sitewright/contracts'
import { BLOCK_TYPE_IDS, DOCUMENT_VERSION, newId, type Block, type BlockValue, type PageDocument, type Section } from './document.js'
import { isRichTextHtml } from './richtext.js'

const NAME_OF_ID = new Map<number, string>(Object.entries(BLOCK_TYPE_IDS).map(([n, id]) => [id, n]))

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

const idOf = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : isObject(v) && typeof v.id === 'string' ? v.id : undefined

function upgradeValue(typeName: string, value: BlockValue): BlockValue {
  const kind = kindOf(typeName)
  const base: BlockValue = kind ? { ...kind.create(), ...value } : { ...value }
  switch (typeName) {
    case 'image':
      if (!value.imageId && idOf(value.image)) base.imageId = idOf(value.image)
      delete base.image
      return base
    case 'gallery': {
      const ids = Array.isArray(value.imageIds) ? value.imageIds : Array.isArray(value.items) ? value.items : []
      delete base.items
      return { ...base, imageIds: ids.map(idOf).filter((x): x is string => !!x), options: normalizeGalleryOptions(base.options) }
    }
    case 'code':
      if (typeof value.code !== 'string' && typeof value.text === 'string') base.code = value.text
      delete base.text
      base.lineNumbers = base.lineNumbers === true || base.lineNumbers === 'true'
      return base
    case 'spacer': {
      const h = Number(base.height)
      return { ...base, height: Number.isFinite(h) ? Math.min(SPACER_MAX, Math.max(0, Math.round(h))) : 40 }
    }
    case 'chart':
      return { ...base, ...normalizeChart(base) }
    case 'markdown':
      delete base.html
      return base
    case 'text':
      if (typeof value.html !== 'string' && typeof value.text === 'string')
        base.html = value.text
          .split(/\n{2,}/)
          .map((p) => `<p>${escapeText(p)}</p>`)
          .join('')
      return { html: String(base.html ?? '') }
    default:
      return base
  }
}

function restoreBlock(raw: unknown): Block | null {
  if (!isObject(raw)) return null
  const value = isObject(raw.value) ? raw.value : {}
  let typeName = typeof raw.type === 'number' ? NAME_OF_ID.get(raw.type) : undefined
  if (!typeName && typeof raw.typeName === 'string') typeName = raw.typeName
  if (!typeName && typeof raw.type === 'number') typeName = `type-${raw.type}`
  if (!typeName) return null
  if (typeName === 'html' && isRichTextHtml(typeof value.html === 'string' ? value.html : '')) typeName = 'text'
  const known: number | undefined = BLOCK_TYPE_IDS[typeName as keyof typeof BLOCK_TYPE_IDS]
  const type = known ?? (typeof raw.type === 'number' ? raw.type : 0)
  return {
    id: typeof raw.id === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(raw.id) ? raw.id : newId(),
    type,
    typeName,
    value: upgradeValue(typeName, value),
  }
}

function restoreBlocks(list: unknown, seen: Set<string>): Block[] {
  if (!Array.isArray(list)) return []
  const out: Block[] = []
  for (const raw of list) {
    const block = restoreBlock(raw)
    if (!block) continue
    if (seen.has(block.id)) block.id = newId()
    seen.add(block.id)
    out.push(block)
  }
  return out
}

export function restore(raw: unknown): PageDocument {
  const seen = new Set<string>()
  let sections: Section[]
  if (Array.isArray(raw)) sections = [{ id: newId('s'), blocks: restoreBlocks(raw, seen) }]
  else if (isObject(raw) && Array.isArray(raw.sections))
    sections = raw.sections.filter(isObject).map((s) => {
      const section: Section = {
        id: typeof s.id === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(s.id) ? s.id : newId('s'),
        blocks: restoreBlocks(s.blocks, seen),
      }
      const style = sectionStyleOf(s.style)
      if (style) section.style = style
      return section
    })
  else if (isObject(raw) && Array.isArray(raw.blocks)) sections = [{ id: newId('s'), blocks: restoreBlocks(raw.blocks, seen) }]
  else sections = []
  if (sections.length === 0) sections = [{ id: newId('s'), blocks: [] }]
  return { version: DOCUMENT_VERSION, sections }
}
