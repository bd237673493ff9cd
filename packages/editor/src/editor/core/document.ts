// The page document the block editor edits: the stored layout (packages/contracts `documents.ts`, version field
// `v`) with each block's type name. Only openEditable() (open.ts) builds one from outside data.
import { BLOCK_TYPES, DOC_VERSIONS, type SectionStyle } from '@sitewright/contracts'

/** The block types the editor adds and edits (the theme dispatches on these names); 'text' is the rich-text block. */
const EDITABLE_BLOCKS = [
  'html', 'map', 'image', 'gallery', 'form', 'menu', 'summary', 'spacer', 'embed', 'code', 'quote', 'video', 'search',
  'audio', 'album', 'product', 'markdown', 'newsletter', 'button', 'social-links', 'accordion', 'chart', 'text', 'donation',
] as const
export type BlockTypeName = (typeof EDITABLE_BLOCKS)[number]

/** Their type ids, from the shared contract (packages/contracts BLOCK_TYPES). */
export const BLOCK_TYPE_IDS = Object.fromEntries(EDITABLE_BLOCKS.map((n) => [n, BLOCK_TYPES[n]])) as {
  readonly [K in BlockTypeName]: (typeof BLOCK_TYPES)[K]
}

export type BlockValue = Record<string, unknown>

export interface Block {
  id: string
  type: number
  /** A known type name, or the stored name of a block this editor cannot edit (kept unchanged). */
  typeName: BlockTypeName | (string & {})
  value: BlockValue
}

export interface Section {
  id: string
  blocks: Block[]
  /** Background and padding; absent: no background, padding M. */
  style?: SectionStyle | undefined
}

export interface PageDocument {
  v: typeof DOC_VERSIONS.layout
  sections: Section[]
}

let counter = 0
/** A new id for a block or section, unique within this tab and across tabs with high probability. */
export function newId(prefix = 'b'): string {
  counter = (counter + 1) % 1_000_000
  const random = Math.random().toString(36).slice(2, 8)
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}${random}`
}

export function emptyDocument(): PageDocument {
  return { v: DOC_VERSIONS.layout, sections: [{ id: newId('s'), blocks: [] }] }
}

export function allBlocks(doc: PageDocument): Block[] {
  return doc.sections.flatMap((s) => s.blocks)
}

export function findBlock(doc: PageDocument, id: string): Block | undefined {
  return allBlocks(doc).find((b) => b.id === id)
}

export interface Layout {
  sections: { id: string; blocks: { id: string; type: number; value: BlockValue }[]; style?: SectionStyle }[]
}
