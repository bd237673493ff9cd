// The donation block (52): title, description, button text, the monthly choice and the suggested amounts (whole
// units of the store currency, typed as a list: "10, 25, 50"), checked against the limits the server applies.
import { useState } from 'react'
import { DONATION_MAX_PRESETS, DONATION_MAX_UNITS, DONATION_MIN_UNITS } from '@sitewright/contracts'
import { LineField } from '../../../ui/moreFields.js'
import { FIELD_SPECS } from '../fieldSpecs.js'
import { FieldsEditor } from './FieldsEditor.js'
import type { BlockEditorProps } from './types.js'

/** The amounts of a typed list, or the message saying what is wrong with it. */
export function parsePresets(text: string): { ok: true; presets: number[] } | { ok: false; message: string } {
  const parts = text.split(/[,\s]+/).filter(Boolean)
  if (!parts.length) return { ok: false, message: 'Add at least one suggested amount.' }
  if (parts.length > DONATION_MAX_PRESETS) return { ok: false, message: `At most ${DONATION_MAX_PRESETS} amounts.` }
  const presets: number[] = []
  for (const p of parts) {
    if (!/^\d+$/.test(p)) return { ok: false, message: `${p} is not a whole amount.` }
    const n = Number(p)
    if (n < DONATION_MIN_UNITS || n > DONATION_MAX_UNITS) return { ok: false, message: `Amounts go from ${DONATION_MIN_UNITS} to ${DONATION_MAX_UNITS.toLocaleString('en-US')}.` }
    presets.push(n)
  }
  return { ok: true, presets }
}

export function DonationBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  const saved = Array.isArray(block.value.presets) ? (block.value.presets as number[]) : []
  const [text, setText] = useState(saved.join(', '))
  const [error, setError] = useState<string | undefined>(undefined)
  const edit = (value: string) => {
    setText(value)
    const r = parsePresets(value)
    setError(r.ok ? undefined : r.message)
    if (r.ok) onChange({ presets: r.presets }, 'presets')
  }
  return (
    <>
      <FieldsEditor fields={FIELD_SPECS.donation!} value={block.value} onChange={onChange} onSet={onSet} />
      <LineField label="Suggested amounts (store currency)" value={text} placeholder="10, 25, 50, 100" error={error} onChange={edit} />
      <p className="muted small">Donors can also enter their own amount, from {DONATION_MIN_UNITS} to {DONATION_MAX_UNITS.toLocaleString('en-US')}. The currency is the store’s.</p>
    </>
  )
}
