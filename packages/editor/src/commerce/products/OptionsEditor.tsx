// Variant options (name and values). Changes are applied to the variants matrix when a field is left, so typing a
// value letter by letter does not churn the matrix.
import { useEffect, useId, useState } from 'react'
import { MAX_OPTIONS, newKey, type OptionDraft } from '../variants.js'
import type { FieldErrors } from './draft.js'

export type KeyedOption = OptionDraft & { key: string }

interface Props {
  options: KeyedOption[]
  errors: FieldErrors
  /** Commit a new option list (regenerates the matrix). */
  onCommit(options: KeyedOption[]): void
}

export function splitValues(text: string): string[] {
  return text.split(',').map((v) => v.trim())
}

function OptionRow({
  option,
  index,
  error,
  onCommit,
  onRemove,
}: {
  option: KeyedOption
  index: number
  error: { name?: string; values?: string }
  onCommit(o: KeyedOption): void
  onRemove(): void
}) {
  const id = useId()
  const [name, setName] = useState(option.name)
  const [values, setValues] = useState(option.values.join(', '))
  useEffect(() => {
    setName(option.name)
    setValues(option.values.join(', '))
  }, [option])
  const commit = () => {
    const next = { ...option, name: name.trim(), values: splitValues(values).filter(Boolean) }
    if (next.name !== option.name || next.values.join('\u0000') !== option.values.join('\u0000')) onCommit(next)
  }
  return (
    <div className="option-row" role="group" aria-label={`Option ${index + 1}`}>
      <div className={`field${error.name ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-n`}>Option name</label>
        <input
          id={`${id}-n`}
          value={name}
          maxLength={100}
          placeholder="Size"
          onChange={(e) => setName(e.target.value)}
          onBlur={commit}
          aria-invalid={error.name ? true : undefined}
          aria-describedby={error.name ? `${id}-ne` : undefined}
        />
        {error.name && (
          <p id={`${id}-ne`} className="field-error" data-field-error>
            {error.name}
          </p>
        )}
      </div>
      <div className={`field${error.values ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-v`}>Values</label>
        <input
          id={`${id}-v`}
          value={values}
          placeholder="S, M, L"
          onChange={(e) => setValues(e.target.value)}
          onBlur={commit}
          aria-invalid={error.values ? true : undefined}
          aria-describedby={`${id}-vh${error.values ? ` ${id}-ve` : ''}`}
        />
        <p id={`${id}-vh`} className="field-hint">
          Separate values with commas.
        </p>
        {error.values && (
          <p id={`${id}-ve`} className="field-error" data-field-error>
            {error.values}
          </p>
        )}
      </div>
      <button type="button" className="button secondary small" onClick={onRemove}>
        Remove option
      </button>
    </div>
  )
}

export function OptionsEditor({ options, errors, onCommit }: Props) {
  const at = (i: number) => ({
    name: errors[`variantOptions.${i}.name`],
    values: errors[`variantOptions.${i}.values`] ?? errors[`variantOptions.${i}`],
  })
  return (
    <fieldset className="options-editor">
      <legend>Options</legend>
      {options.length === 0 && <p className="field-hint">No options: the product has a single variant.</p>}
      {options.map((o, i) => (
        <OptionRow
          key={o.key}
          option={o}
          index={i}
          error={at(i)}
          onCommit={(next) => onCommit(options.map((x) => (x.key === o.key ? next : x)))}
          onRemove={() => onCommit(options.filter((x) => x.key !== o.key))}
        />
      ))}
      {errors.variantOptions && (
        <p className="field-error" data-field-error>
          {errors.variantOptions}
        </p>
      )}
      <button
        type="button"
        className="button secondary small"
        disabled={options.length >= MAX_OPTIONS}
        onClick={() => onCommit([...options, { key: newKey(), name: '', values: [] }])}
      >
        Add option
      </button>
    </fieldset>
  )
}
