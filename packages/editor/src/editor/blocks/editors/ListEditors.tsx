// Menu (sections of dishes) and accordion (questions and answers) blocks: small list editors.
import { FIELD_SPECS } from '../fieldSpecs.js'
import { LineField, TextAreaField } from '../../../ui/moreFields.js'
import { CheckboxField } from '../../../ui/fields.js'
import { FieldsEditor } from './FieldsEditor.js'
import type { BlockEditorProps } from './types.js'

interface AccordionItem {
  title: string
  body: string
  open?: boolean
}

export function AccordionBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  const items = (Array.isArray(block.value.items) ? block.value.items : []) as AccordionItem[]
  const edit = (i: number, patch: Partial<AccordionItem>, field: string) =>
    onChange({ items: items.map((it, j) => (j === i ? { ...it, ...patch } : it)) }, `items.${i}.${field}`)
  return (
    <>
      <FieldsEditor fields={FIELD_SPECS.accordion!} value={block.value} onChange={onChange} onSet={onSet} />
      {items.map((it, i) => (
        <fieldset key={i}>
          <legend>Item {i + 1}</legend>
          <LineField label="Question" value={it.title} max={200} onChange={(v) => edit(i, { title: v }, 'title')} />
          <TextAreaField label="Answer (HTML)" value={it.body} rows={3} onChange={(v) => edit(i, { body: v }, 'body')} />
          <CheckboxField name={`open-${i}`} label="Open at first" checked={it.open === true} onChange={(v) => onSet({ items: items.map((x, j) => (j === i ? { ...x, open: v } : x)) })} />
          <button type="button" className="link-button danger" onClick={() => onSet({ items: items.filter((_, j) => j !== i) })}>
            Remove item {i + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button secondary small" onClick={() => onSet({ items: [...items, { title: 'Question', body: '<p>Answer</p>', open: false }] })}>
        Add item
      </button>
    </>
  )
}

interface MenuSection {
  title?: string
  items: { title: string; description?: string; price?: string }[]
}

export function MenuBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  const sections = (Array.isArray(block.value.sections) ? block.value.sections : []) as MenuSection[]
  const setSection = (i: number, s: MenuSection, field: string) => onChange({ sections: sections.map((x, j) => (j === i ? s : x)) }, `sections.${i}.${field}`)
  return (
    <>
      <FieldsEditor fields={FIELD_SPECS.menu!} value={block.value} onChange={onChange} onSet={onSet} />
      {sections.map((s, i) => (
        <fieldset key={i}>
          <legend>Section {i + 1}</legend>
          <LineField label="Section title" value={s.title ?? ''} max={200} onChange={(v) => setSection(i, { ...s, title: v }, 'title')} />
          {s.items.map((it, k) => {
            const setItem = (patch: Partial<MenuSection['items'][number]>, field: string) =>
              setSection(i, { ...s, items: s.items.map((x, m) => (m === k ? { ...x, ...patch } : x)) }, `items.${k}.${field}`)
            return (
              <div key={k} className="menu-item">
                <LineField label={`Dish ${k + 1}`} value={it.title} max={200} onChange={(v) => setItem({ title: v }, 'title')} />
                <LineField label="Description" value={it.description ?? ''} max={500} onChange={(v) => setItem({ description: v }, 'description')} />
                <LineField label="Price" value={it.price ?? ''} max={40} onChange={(v) => setItem({ price: v }, 'price')} />
              </div>
            )
          })}
          <button type="button" className="button secondary small" onClick={() => onSet({ sections: sections.map((x, j) => (j === i ? { ...x, items: [...x.items, { title: 'Dish' }] } : x)) })}>
            Add dish
          </button>{' '}
          <button type="button" className="link-button danger" onClick={() => onSet({ sections: sections.filter((_, j) => j !== i) })}>
            Remove section {i + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button secondary small" onClick={() => onSet({ sections: [...sections, { title: '', items: [{ title: 'Dish' }] }] })}>
        Add section
      </button>
    </>
  )
}
