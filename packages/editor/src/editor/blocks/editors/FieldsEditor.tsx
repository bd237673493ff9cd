// Renders a declarative field list (fieldSpecs.ts) for one block value.
import type { BlockValue } from '../../core/document.js'
import { CheckboxField, SelectField } from '../../../ui/fields.js'
import { LineField, NumberField, TextAreaField } from '../../../ui/moreFields.js'
import type { FieldSpec } from '../fieldSpecs.js'

export interface FieldsEditorProps {
  fields: readonly FieldSpec[]
  value: BlockValue
  /** Typing: merges with the previous change of the same field (one undo step per burst). */
  onChange(patch: BlockValue, key: string): void
  /** A setting chosen (select, checkbox): always its own undo step. Without it, onChange. */
  onSet?(patch: BlockValue): void
}

export function FieldsEditor({ fields, value, onChange, onSet }: FieldsEditorProps) {
  return (
    <>
      {fields.map((f) => {
        const v = value[f.key]
        const set = (x: unknown) => onChange({ [f.key]: x }, f.key)
        const choose = (x: unknown) => (onSet ? onSet({ [f.key]: x }) : set(x))
        switch (f.kind) {
          case 'text':
          case 'url':
            return <LineField key={f.key} label={f.label} type={f.kind === 'url' ? 'url' : 'text'} value={String(v ?? '')} max={f.max} placeholder={f.placeholder} onChange={set} />
          case 'textarea':
          case 'code':
            return <TextAreaField key={f.key} label={f.label} value={String(v ?? '')} max={f.max} rows={f.rows} mono={f.kind === 'code'} onChange={set} />
          case 'number':
            return <NumberField key={f.key} label={f.label} value={Number(v ?? f.min)} min={f.min} max={f.max} onChange={set} />
          case 'select':
            return <SelectField key={f.key} name={f.key} label={f.label} value={String(v ?? f.options[0]?.value ?? '')} options={f.options} onChange={choose} />
          case 'checkbox':
            return <CheckboxField key={f.key} name={f.key} label={f.label} checked={v === true} onChange={choose} />
        }
      })}
    </>
  )
}
