// The page document the block editor edits: sections of blocks, shaped like the theme's `layout`
// (themes/default/CONTEXT.md "Block"). Only restore() (restore.ts) builds one from outside data.

export const DOCUMENT_VERSION = 2

/** Block type ids of the specification and the type names the theme dispatches on. */
export const BLOCK_TYPE_IDS = {
  html: 2,
  map: 4,
  image: 5,
  gallery: 8,
  form: 9,
  menu: 18,
  summary: 20,
  spacer: 21,
  embed: 22,
  code: 23,
  quote: 31,
  video: 32,
  search: 33,
  audio: 41,
  product: 43,
  markdown: 44,
  newsletter: 51,
  button: 53,
  'social-links': 54,
  accordion: 69,
  chart: 70,
} as const

export type BlockTypeName = keyof typeof BLOCK_TYPE_IDS | 'text'

/** The server's rich-text block type id ('text', sanitized HTML); html 2 is the raw HTML block. */
export const TEXT_BLOCK_TYPE_ID = 1001

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
}

export interface PageDocument {
  version: typeof DOCUMENT_VERSION
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
  return { version: DOCUMENT_VERSION, sections: [{ id: newId('s'), blocks: [] }] }
}

export function allBlocks(doc: PageDocument): Block[] {
  return doc.sections.flatMap((s) => s.blocks)
}

export function findBlock(doc: PageDocument, id: string): Block | undefined {
  return allBlocks(doc).find((b) => b.id === id)
}

export interface Layout {
  sections: { id: string; blocks: { id: string; type: number; value: BlockValue }[] }[]
}
