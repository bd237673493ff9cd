// Colour swatches (hex of 3 or 6 digits), the active colour theme and each theme's roles.
import { useId, useState } from 'react'
import { SelectField } from '../ui/fields.js'
import { COLOR_ROLES, ROLE_LABELS, isHex, normalizeHex, type SiteStyles, type Swatch } from './styles.js'

export const HEX_MESSAGE = 'Use a hex colour of 3 or 6 digits, such as #2f5d50 or #abc.'

interface Props {
  styles: SiteStyles
  onChange(s: SiteStyles): void
}

export function ColorPanel({ styles, onChange }: Props) {
  const { colors } = styles
  const setColors = (patch: Partial<SiteStyles['colors']>) => onChange({ ...styles, colors: { ...colors, ...patch } })
  const active = colors.themes.find((t) => t.id === colors.activeThemeId) ?? colors.themes[0]
  return (
    <fieldset>
      <legend>Colours</legend>
      <ul className="swatches">
        {colors.palette.map((s, i) => (
          <SwatchField key={s.id} swatch={s} onChange={(hex) => setColors({ palette: colors.palette.map((p, j) => (j === i ? { ...p, hex } : p)) })} />
        ))}
      </ul>
      <SelectField name="colorTheme" label="Colour theme" value={colors.activeThemeId} options={colors.themes.map((t) => ({ value: t.id, label: t.name }))} onChange={(v) => setColors({ activeThemeId: v })} />
      {active && (
        <div className="role-grid">
          {COLOR_ROLES.map((role) => (
            <SelectField
              key={role}
              name={`role-${role}`}
              label={ROLE_LABELS[role]}
              value={active.roles[role]}
              options={colors.palette.map((p) => ({ value: p.id, label: `${p.name} (${p.hex})` }))}
              onChange={(v) => setColors({ themes: colors.themes.map((t) => (t.id === active.id ? { ...t, roles: { ...t.roles, [role]: v } } : t)) })}
            />
          ))}
        </div>
      )}
    </fieldset>
  )
}

function SwatchField({ swatch, onChange }: { swatch: Swatch; onChange(hex: string): void }) {
  const id = useId()
  const [text, setText] = useState(swatch.hex)
  const [error, setError] = useState<string | null>(null)
  return (
    <li className={`swatch${error ? ' has-error' : ''}`}>
      <span className="chip" style={{ background: swatch.hex }} aria-hidden="true" />
      <label htmlFor={id}>{swatch.name}</label>
      <input
        id={id}
        value={text}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
        onChange={(e) => {
          const v = e.target.value
          setText(v)
          if (isHex(v)) {
            setError(null)
            onChange(normalizeHex(v)!)
          } else setError(HEX_MESSAGE)
        }}
      />
      <input type="color" aria-label={`Pick ${swatch.name}`} value={swatch.hex} onChange={(e) => { setText(e.target.value); setError(null); onChange(e.target.value) }} />
      {error && (
        <p id={`${id}-e`} className="field-error" data-field-error>
          {error}
        </p>
      )}
    </li>
  )
}
