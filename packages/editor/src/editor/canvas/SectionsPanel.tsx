// The page's sections in the side panel: each with its block count, move up/down and delete; a new section (blank
// or from a template) added at the end.
import { useId, useState } from 'react'
import { kindOf } from '../blocks/catalog.js'
import type { PageDocument } from '../core/document.js'
import type { EditorStore } from '../core/store.js'
import { IconButton } from './icons.js'
import { SECTION_TEMPLATES, addSection, deleteSection, moveSection } from './sections.js'

export function SectionsPanel({ store, doc }: { store: EditorStore; doc: PageDocument }) {
  const id = useId()
  const [template, setTemplate] = useState('blank')
  const n = doc.sections.length
  return (
    <section className="sections-panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Sections</h2>
      <ol className="section-list">
        {doc.sections.map((s, i) => {
          const name = `Section ${i + 1}`
          const kinds = s.blocks.map((b) => kindOf(b.typeName)?.label ?? 'Other').join(', ')
          return (
            <li key={s.id} className="section-row">
              <span className="section-name">
                <strong>{name}</strong> <span className="muted">{s.blocks.length ? kinds : 'empty'}</span>
              </span>
              <span className="section-tools">
                <IconButton icon="up" label={`Move ${name} up`} disabled={i === 0} onClick={() => store.dispatch(moveSection, { id: s.id, delta: -1 })} />
                <IconButton icon="down" label={`Move ${name} down`} disabled={i === n - 1} onClick={() => store.dispatch(moveSection, { id: s.id, delta: 1 })} />
                <IconButton icon="delete" label={`Delete ${name}`} danger onClick={() => store.dispatch(deleteSection, { id: s.id })} />
              </span>
            </li>
          )
        })}
      </ol>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault()
          store.dispatch(addSection, { index: n, template })
        }}
      >
        <label htmlFor={`${id}-t`}>New section</label>
        <select id={`${id}-t`} value={template} onChange={(e) => setTemplate(e.target.value)}>
          {SECTION_TEMPLATES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button secondary small">
          Add section
        </button>
      </form>
    </section>
  )
}
