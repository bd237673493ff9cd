// Sections of a page: add one (blank or from a template: hero, text and image, gallery, products, newsletter,
// contact), move it up or down, delete it. Each is one undo step. Template blocks that still need something (an
// image, a collection, a form) say so in the block list and are saved once filled in.
import { createBlock } from '../blocks/catalog.js'
import { sectionStyleOf, type SectionStyle } from '@sitewright/contracts'
import { defineAction, type EditorState } from '../core/actions.js'
import { newId, type Block, type BlockTypeName, type Section } from '../core/document.js'

const block = (typeName: BlockTypeName, value: Record<string, unknown> = {}): Block => {
  const b = createBlock(typeName)
  return { ...b, value: { ...b.value, ...value } }
}

export const SECTION_TEMPLATES: readonly { id: string; label: string; blocks(): Block[] }[] = [
  { id: 'blank', label: 'Blank section', blocks: () => [] },
  {
    id: 'hero',
    label: 'Hero',
    blocks: () => [block('text', { html: '<h1>A headline for your visitors</h1><p>One or two sentences about what you offer.</p>' }), block('button', { label: 'Find out more', url: '/' })],
  },
  { id: 'text-image', label: 'Text and image', blocks: () => [block('text', { html: '<h2>About us</h2><p>Tell your story here.</p>' }), block('image')] },
  { id: 'gallery', label: 'Gallery', blocks: () => [block('text', { html: '<h2>Gallery</h2>' }), block('gallery')] },
  { id: 'products', label: 'Products', blocks: () => [block('text', { html: '<h2>Shop</h2>' }), block('summary', { design: 'grid', limit: 6 })] },
  { id: 'newsletter', label: 'Newsletter', blocks: () => [block('newsletter')] },
  { id: 'contact', label: 'Contact', blocks: () => [block('text', { html: '<h2>Contact</h2><p>Write to us, we answer within a day.</p>' }), block('form', { title: 'Contact us' })] },
]

export const addSection = defineAction<{ index: number; template: string }>({
  name: 'addSection',
  label: 'Add section',
  undo: 'record',
  perform(state, { index, template }): EditorState {
    const t = SECTION_TEMPLATES.find((x) => x.id === template) ?? SECTION_TEMPLATES[0]!
    const section: Section = { id: newId('s'), blocks: t.blocks() }
    const at = Math.max(0, Math.min(index, state.doc.sections.length))
    const sections = [...state.doc.sections.slice(0, at), section, ...state.doc.sections.slice(at)]
    return { doc: { ...state.doc, sections }, selectedId: section.blocks[0]?.id ?? state.selectedId }
  },
})

export const moveSection = defineAction<{ id: string; delta: -1 | 1 }>({
  name: 'moveSection',
  label: 'Move section',
  undo: 'record',
  perform(state, { id, delta }): EditorState {
    const from = state.doc.sections.findIndex((s) => s.id === id)
    const to = from + delta
    if (from < 0 || to < 0 || to >= state.doc.sections.length) return state
    const sections = [...state.doc.sections]
    const [moved] = sections.splice(from, 1)
    sections.splice(to, 0, moved!)
    return { ...state, doc: { ...state.doc, sections } }
  },
})

/** Deletes a section with its blocks; the last section of a page stays (emptied), so blocks can be added again. */
export const deleteSection = defineAction<{ id: string }>({
  name: 'deleteSection',
  label: 'Delete section',
  undo: 'record',
  perform(state, { id }): EditorState {
    const at = state.doc.sections.findIndex((s) => s.id === id)
    if (at < 0) return state
    const gone = new Set(state.doc.sections[at]!.blocks.map((b) => b.id))
    const sections = state.doc.sections.length > 1 ? state.doc.sections.filter((s) => s.id !== id) : [{ ...state.doc.sections[0]!, blocks: [] }]
    return { doc: { ...state.doc, sections }, selectedId: state.selectedId && gone.has(state.selectedId) ? null : state.selectedId }
  },
})

/** Sets a section's background and padding (one undo step); the default look is stored as no style. */
export const setSectionStyle = defineAction<{ id: string; style: SectionStyle }>({
  name: 'setSectionStyle',
  label: 'Section style',
  undo: 'record',
  perform(state, { id, style }): EditorState {
    const clean = sectionStyleOf(style)
    const sections = state.doc.sections.map((s) => {
      if (s.id !== id) return s
      const { style: _old, ...rest } = s
      return clean ? { ...rest, style: clean } : rest
    })
    return { ...state, doc: { ...state.doc, sections } }
  },
})
