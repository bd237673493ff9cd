// Font themes (a heading and a body font each, picked in the font browser) and which font each usage takes.
import { useEffect, useState } from 'react'
import { FontBrowser } from '../dialogs/fonts/FontBrowser.js'
import { addFacesStylesheet } from '../dialogs/fonts/fonts.js'
import { SelectField } from '../ui/fields.js'
import { FONT_USAGES, type FontSlot, type SiteStyles } from './styles.js'

const USAGE_LABELS = { headings: 'Headings', paragraphs: 'Paragraphs', buttons: 'Buttons', navigation: 'Navigation' }

export function FontPanel({ styles, onChange }: { styles: SiteStyles; onChange(s: SiteStyles): void }) {
  const { fonts } = styles
  const [picking, setPicking] = useState<FontSlot | null>(null)
  // the chosen fonts are shown in their own faces
  useEffect(() => addFacesStylesheet(document, '/assets/fonts/faces.css'), [])
  const setFonts = (patch: Partial<SiteStyles['fonts']>) => onChange({ ...styles, fonts: { ...fonts, ...patch } })
  const active = fonts.themes.find((t) => t.id === fonts.activeThemeId) ?? fonts.themes[0]
  return (
    <fieldset>
      <legend>Fonts</legend>
      <SelectField name="fontTheme" label="Font theme" value={fonts.activeThemeId} options={fonts.themes.map((t) => ({ value: t.id, label: t.name }))} onChange={(v) => setFonts({ activeThemeId: v })} />
      {active &&
        (['heading', 'body'] as const).map((slot) => (
          <div key={slot} className="field font-choice">
            <span className="label">{slot === 'heading' ? 'Heading font' : 'Body font'}</span>
            <span style={{ fontFamily: active[slot].stack }}>{active[slot].family}</span>{' '}
            <button type="button" className="button secondary small" onClick={() => setPicking(slot)}>
              Change {slot} font
            </button>
          </div>
        ))}
      {FONT_USAGES.map((u) => (
        <SelectField
          key={u}
          name={`usage-${u}`}
          label={`${USAGE_LABELS[u]} use`}
          value={fonts.fontUsageCategories[u]}
          options={[
            { value: 'heading', label: 'Heading font' },
            { value: 'body', label: 'Body font' },
          ]}
          onChange={(v) => setFonts({ fontUsageCategories: { ...fonts.fontUsageCategories, [u]: v as FontSlot } })}
        />
      ))}
      {picking && active && (
        <FontBrowser
          current={active[picking].family}
          onClose={() => setPicking(null)}
          onPick={(f) => {
            setFonts({ themes: fonts.themes.map((t) => (t.id === active.id ? { ...t, [picking]: { family: f.family, stack: f.stack, category: f.category } } : t)) })
            setPicking(null)
          }}
        />
      )}
    </fieldset>
  )
}
