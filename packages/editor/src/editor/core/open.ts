// Opens a stored page document as the editable PageDocument. Reading the stored shapes and upgrading the older
// ones is the shared contract's `restore('layout', raw)` (packages/contracts `documents.ts`); this adds only what
// editing needs: each block's type name (blocks of types the editor cannot edit keep a `type-N` name and their
// value unchanged), html that the rich-text editor can represent opened as a text block (and saved as one), the
// block catalog's value defaults, the older value shapes the dialogs read (image `{ image: { id } }` -> imageId,
// gallery `{ items }` -> imageIds, code `{ text }` -> code, text `{ text }` -> html), ids unique in the tab, and
// always at least one section.
import { DOC_VERSIONS, restore, type StoredBlock } from '@sitewright/contracts'
import { normalizeChart } from '../../dialogs/chart/chart.js'
import { normalizeGalleryOptions } from '../../dialogs/gallery/options.js'
import { SPACER_MAX, kindOf } from '../blocks/catalog.js'
import { BLOCK_TYPE_IDS, newId, type Block, type BlockValue, type PageDocument, type Section } from './document.js'
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

const ID = /^[A-Za-z0-9_-]{1,40}$/

function openBlock(stored: StoredBlock, seen: Set<string>): Block {
  let typeName = NAME_OF_ID.get(stored.type) ?? `type-${stored.type}`
  if (typeName === 'html' && isRichTextHtml(typeof stored.value.html === 'string' ? stored.value.html : '')) typeName = 'text'
  const known: number | undefined = BLOCK_TYPE_IDS[typeName as keyof typeof BLOCK_TYPE_IDS]
  const id = seen.has(stored.id) ? newId() : stored.id
  seen.add(id)
  return { id, type: known ?? stored.type, typeName, value: upgradeValue(typeName, stored.value) }
}

/** The editable document of a stored layout of any version (anything unreadable opens as one empty section). */
export function openEditable(raw: unknown): PageDocument {
  const seen = new Set<string>()
  const sections: Section[] = restore('layout', raw).sections.map((s) => ({
    id: ID.test(s.id) ? s.id : newId('s'),
    blocks: s.blocks.map((b) => openBlock(b, seen)),
    ...(s.style ? { style: s.style } : {}),
  }))
  if (sections.length === 0) sections.push({ id: newId('s'), blocks: [] })
  return { v: DOC_VERSIONS.layout, sections }
}
