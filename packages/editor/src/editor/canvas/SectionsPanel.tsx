// The page's sections in the side panel: each with its block count, move up/down, delete and its settings
// (background: none, a colour theme of the site's palette or an image; padding S/M/L); a new section (blank or
// from a template) added at the end.
import { DEFAULT_SECTION_STYLE, SECTION_PADDINGS, type SectionStyle } from '@sitewright/contracts'
import { useEffect, useId, useState } from 'react'
import type { FileAsset } from '../../api/files.js'
import { useServices } from '../../services/services.js'
import { kindOf } from '../blocks/catalog.js'
import type { PageDocument } from '../core/document.js'
import type { EditorStore } from '../core/store.js'
import { IconButton } from './icons.js'
import { SECTION_TEMPLATES, addSection, deleteSection, moveSection, setSectionStyle } from './sections.js'

export function SectionsPanel({ store, doc }: { store: EditorStore; doc: PageDocument }) {
  const id = useId()
  const [template, setTemplate] = useState('blank')
  const [open, setOpen] = useState<string | null>(null)
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
                <button type="button" className="button secondary small" aria-expanded={open === s.id} onClick={() => setOpen(open === s.id ? null : s.id)}>
                  Settings<span className="visually-hidden"> of {name}</span>
                </button>
              </span>
              {open === s.id && <SectionSettings name={name} style={s.style ?? DEFAULT_SECTION_STYLE} onChange={(style) => store.dispatch(setSectionStyle, { id: s.id, style })} />}
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

interface ThemeOption {
  id: string
  name: string
}

/** The colour themes of the site's styles (the theme's own Light and Dark until styles are saved). */
function themesOf(raw: unknown): ThemeOption[] {
  const themes = (raw as { colors?: { themes?: unknown } } | null)?.colors?.themes
  if (!Array.isArray(themes)) return []
  return themes.filter((t): t is ThemeOption => typeof t?.id === 'string' && typeof t?.name === 'string').map((t) => ({ id: t.id, name: t.name }))
}

function SectionSettings({ name, style, onChange }: { name: string; style: SectionStyle; onChange(s: SectionStyle): void }) {
  const { styles, files, siteId } = useServices()
  const id = useId()
  const [themes, setThemes] = useState<ThemeOption[] | null>(null)
  const [images, setImages] = useState<FileAsset[] | null>(null)
  useEffect(() => {
    let live = true
    void styles.get(siteId).then((r) => live && setThemes(r.ok ? themesOf(r.data.styles) : []))
    void files.list(siteId).then((r) => live && setImages(r.ok ? r.data.files.filter((f) => f.mimeType.startsWith('image/')) : []))
    return () => {
      live = false
    }
  }, [styles, files, siteId])
  const value = style.background === 'theme' ? `theme:${style.colorThemeId ?? ''}` : style.background
  return (
    <fieldset className="section-settings">
      <legend>{name} settings</legend>
      <label htmlFor={`${id}-bg`}>Background</label>
      <select
        id={`${id}-bg`}
        value={value}
        onChange={(e) => {
          const v = e.target.value
          if (v === 'none') onChange({ background: 'none', padding: style.padding })
          else if (v === 'image') onChange({ background: 'image', padding: style.padding, imageId: style.imageId ?? images?.[0]?.id })
          else onChange({ background: 'theme', padding: style.padding, colorThemeId: v.slice('theme:'.length) })
        }}
      >
        <option value="none">None</option>
        {(themes ?? []).map((t) => (
          <option key={t.id} value={`theme:${t.id}`}>
            Colour theme: {t.name}
          </option>
        ))}
        <option value="image">Image</option>
      </select>
      {style.background === 'image' && (
        <>
          <label htmlFor={`${id}-img`}>Image</label>
          <select id={`${id}-img`} value={style.imageId ?? ''} onChange={(e) => onChange({ ...style, imageId: e.target.value || undefined })}>
            <option value="">Choose an image</option>
            {(images ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.title || f.filename}
              </option>
            ))}
          </select>
          {images?.length === 0 && <p className="field-hint">Upload an image in Files first.</p>}
        </>
      )}
      <div className="segmented" role="radiogroup" aria-label="Padding">
        {SECTION_PADDINGS.map((p) => (
          <button key={p} type="button" role="radio" aria-checked={style.padding === p} className={style.padding === p ? 'active' : undefined} onClick={() => onChange({ ...style, padding: p })}>
            {p}
          </button>
        ))}
      </div>
    </fieldset>
  )
}
