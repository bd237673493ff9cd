// One field of the builder: its title and the properties its kind may edit, with move and remove.
import { CheckboxField, TextField } from '../ui/fields.js'
import { NumberField, TextAreaField } from '../ui/moreFields.js'
import { FEATURE_FLAGS, fieldProperties } from '@sitewright/contracts'
import { useFlag } from '../plans/PlanContext.js'
import { KIND_LABELS, parseOptions, type Field } from './model.js'

interface Props {
  field: Field
  index: number
  count: number
  error?: string | undefined
  onChange(patch: Partial<Field>): void
  onMove(by: -1 | 1): void
  onRemove(): void
}

export function FieldEditor({ field, index, count, error, onChange, onMove, onRemove }: Props) {
  // a textarea's maximum length only with the vanilla form handler flag (SPEC.md's Form; plans.ts)
  const props = fieldProperties(field.type, useFlag(FEATURE_FLAGS.VANILLA_FORM_HANDLER) === true)
  const name = field.title || field.key || field.id
  return (
    <li className="form-field-editor" aria-label={`${KIND_LABELS[field.type]}: ${name}`}>
      <div className="form-field-head">
        <span className="form-field-kind">{KIND_LABELS[field.type]}</span>
        <span className="form-field-actions">
          <button type="button" className="button secondary small" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move ${name} up`}>
            ↑
          </button>
          <button type="button" className="button secondary small" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={`Move ${name} down`}>
            ↓
          </button>
          <button type="button" className="button secondary small" onClick={onRemove} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </span>
      </div>
      {field.type !== 'hidden' && <TextField label="Title" name={`title-${field.id}`} value={field.title ?? ''} onChange={(title) => onChange({ title })} error={error} />}
      {props.includes('description') && <TextField label="Description" name={`description-${field.id}`} value={field.description ?? ''} onChange={(description) => onChange({ description })} />}
      {props.includes('placeholder') && <TextField label="Placeholder" name={`placeholder-${field.id}`} value={field.placeholder ?? ''} onChange={(placeholder) => onChange({ placeholder })} />}
      {props.includes('currencySymbol') && <TextField label="Currency symbol" name={`currency-${field.id}`} value={field.currencySymbol ?? ''} onChange={(currencySymbol) => onChange({ currencySymbol })} />}
      {props.includes('maxLength') && <NumberField label="Maximum length (0: no limit)" value={field.maxLength ?? 0} min={0} max={100000} onChange={(maxLength) => onChange({ maxLength })} />}
      {props.includes('options') && (
        <TextAreaField
          label={field.type === 'likert' ? 'Statements (one per line)' : 'Options (one per line)'}
          value={(field.options ?? []).join('\n')}
          onChange={(text) => onChange({ options: parseOptions(text) })}
          hint={field.type === 'likert' ? 'Each statement is answered on the five-point scale Strongly Disagree (-2) to Strongly Agree (2).' : undefined}
        />
      )}
      {props.includes('key') && <TextField label="Key (URL query name)" name={`key-${field.id}`} value={field.key ?? ''} onChange={(key) => onChange({ key })} />}
      {props.includes('value') && <TextField label="Value" name={`value-${field.id}`} value={field.value ?? ''} onChange={(value) => onChange({ value })} />}
      {props.includes('showCountryCode') && <CheckboxField label="Show country code" name={`cc-${field.id}`} checked={!!field.showCountryCode} onChange={(showCountryCode) => onChange({ showCountryCode })} />}
      {props.includes('underline') && <CheckboxField label="Underline" name={`ul-${field.id}`} checked={!!field.underline} onChange={(underline) => onChange({ underline })} />}
      {props.includes('required') && <CheckboxField label="Required" name={`req-${field.id}`} checked={!!field.required} onChange={(required) => onChange({ required })} />}
    </li>
  )
}
