// The document -> the owner API's layout input. Blocks that still miss a required field are left out (the
// editor shows what they need); values are cleaned of empty links and ids.
import { sectionStyleOf } from '@sitewright/contracts'
import { cleanValue, missingOf } from '../blocks/catalog.js'
import { BLOCK_TYPE_IDS, type Block, type Layout, type PageDocument } from './document.js'

export function toLayout(doc: PageDocument): Layout {
  return {
    sections: doc.sections.map((s) => {
      const style = sectionStyleOf(s.style)
      return { id: s.id, blocks: s.blocks.filter((b) => missingOf(b) === null).map(toInput), ...(style ? { style } : {}) }
    }),
  }
}

function toInput(b: Block): Layout['sections'][number]['blocks'][number] {
  if (b.typeName === 'text') return { id: b.id, type: BLOCK_TYPE_IDS.text, value: { html: String(b.value.html ?? '') } }
  return { id: b.id, type: b.type, value: cleanValue(b.typeName, b.value) }
}

/** Blocks not saved because something is missing. */
export function incompleteBlocks(doc: PageDocument): Block[] {
  return doc.sections.flatMap((s) => s.blocks.filter((b) => missingOf(b) !== null))
}
