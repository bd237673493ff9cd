// The one entry point for documents from outside (server, older editors, other tabs): upgrades old shapes to
// the current PageDocument. Shapes understood:
//   v0  an array of blocks
//   v1  { blocks: Block[] }
//   v2  { sections: [{ id, blocks }] } (with or without `version`)
// Blocks may lack ids or type names (derived from the type id); rich text stored as html blocks with
// `editor: 'rich-text'` (or v1 `typeName: 'text'` with `{ text }`) becomes a text block; values are normalised.
import { normalizeChart } from '../../dialogs/chart/chart.js'
import { normalizeGalleryOptions } from '../../dialogs/gallery/options.js'
import { SPACER_MAX, kindOf } from '../blocks/catalog.js'
import {
  BLOCK_TYPE_IDS,
  DOCUMENT_VERSION,
  newId,
  type Block,
  type BlockTypeName,
  type BlockValue,
  type PageDocument,
  type Section,
} from './document.js'

const NAME_OF_ID = new Map<number, string>(Object.entries(BLOCK_TYPE_IDS).map(([n, id]) => [id, n]))

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function upgradeValue(typeName: string, value: BlockValue): BlockValue {
  const kind = kindOf(typeName as BlockTypeName)
  const base = kind ? { ...kind.create(), ...value } : value
  switch (typeName) {
    case 'gallery':
      return { ...base, items: Array.isArray(base.items) ? base.items : [], options: normalizeGalleryOptions(base.options) }
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
    case 'text':
      if (typeof value.html !== 'string' && typeof value.text === 'string')
        base.html = value.text
          .split(/\n{2,}/)
          .map((p) => `<p>${escapeText(p)}</p>`)
          .join('')
      delete base.text
      base.editor = 'rich-text'
      return base
    default:
      return base
  }
}

function restoreBlock(raw: unknown): Block | null {
  if (!isObject(raw)) return null
  const value = isObject(raw.value) ? raw.value : {}
  let typeName = typeof raw.typeName === 'string' ? raw.typeName : NAME_OF_ID.get(Number(raw.type))
  if (!typeName) return null
  if (typeName === 'html' && value.editor === 'rich-text') typeName = 'text'
  const type =
    typeName === 'text' ? BLOCK_TYPE_IDS.html : (BLOCK_TYPE_IDS[typeName as keyof typeof BLOCK_TYPE_IDS] ?? Number(raw.type))
  return {
    id: typeof raw.id === 'string' && raw.id ? raw.id : newId(),
    type,
    typeName,
    value: upgradeValue(typeName, value),
  }
}

function restoreBlocks(list: unknown): Block[] {
  if (!Array.isArray(list)) return []
  const seen = new Set<string>()
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
  let sections: Section[]
  if (Array.isArray(raw)) sections = [{ id: newId('s'), blocks: restoreBlocks(raw) }]
  else if (isObject(raw) && Array.isArray(raw.sections))
    sections = raw.sections.filter(isObject).map((s) => ({
      id: typeof s.id === 'string' && s.id ? s.id : newId('s'),
      blocks: restoreBlocks(s.blocks),
    }))
  else if (isObject(raw) && Array.isArray(raw.blocks)) sections = [{ id: newId('s'), blocks: restoreBlocks(raw.blocks) }]
  else sections = []
  if (sections.length === 0) sections = [{ id: newId('s'), blocks: [] }]
  return { version: DOCUMENT_VERSION, sections }
}
