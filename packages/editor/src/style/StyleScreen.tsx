// The STYLE screen: colour palette and themes, font themes and font usage, previewed live (the theme's CSS
// custom properties applied to a sample and to the site in the preview frame); saved by dirty path.
import { EDITOR_PAGE_TYPES } from '@sitewright/contracts'
import { useCallback, useEffect, useState, type CSSProperties } from 'react'
import { useUnsavedChanges } from '../app/navigation.js'
import { PreviewFrame } from '../preview/PreviewFrame.js'
import { useServices } from '../services/services.js'
import { FormAlert } from '../ui/fields.js'
import { ColorPanel } from './ColorPanel.js'
import { FontPanel } from './FontPanel.js'
import { changes, cssText, cssVariables, defaultStyles, dirtyPaths, restoreStyles, type SiteStyles } from './styles.js'
import { UNABLE_TO_LOAD_RETRY } from '../ui/loadErrors.js'

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; stored: boolean }

export function StyleScreen() {
  const { styles: api, siteId, site } = useServices()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [saved, setSaved] = useState<SiteStyles>(defaultStyles)
  const [styles, setStyles] = useState<SiteStyles>(defaultStyles)
  const [alert, setAlert] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const dirty = dirtyPaths(saved, styles)
  useUnsavedChanges(dirty.length > 0)

  const fetchStyles = useCallback(async () => {
    setLoad({ status: 'loading' })
    const r = await api.get(siteId)
    if (r.ok) {
      const s = restoreStyles(r.data.styles)
      setSaved(s)
      setStyles(s)
      return setLoad({ status: 'ready', stored: r.data.updatedOn !== null })
    }
    if (r.error.status === 404) return setLoad({ status: 'ready', stored: false })
    setLoad({ status: 'error', message: r.error.kind === 'http' ? UNABLE_TO_LOAD_RETRY : r.error.message })
  }, [api, siteId])
  useEffect(() => void fetchStyles(), [fetchStyles])

  async function save() {
    setAlert(null)
    const r = await api.save(siteId, styles, changes(saved, styles))
    if (!r.ok) return setAlert(r.error.message)
    const s = restoreStyles(r.data.styles)
    setSaved(s)
    setStyles(s)
    setNotice('Styles saved')
  }

  const vars = cssVariables(styles)
  return (
    <section className="style-screen" aria-labelledby="section-title" data-page-type={EDITOR_PAGE_TYPES.STYLE}>
      <h1 id="section-title" tabIndex={-1}>
        Site styles
      </h1>
      {load.status === 'loading' && <p role="status">Loading…</p>}
      {load.status === 'error' && (
        <p className="alert" role="alert">
          {load.message}{' '}
          <button type="button" className="button secondary small" onClick={() => void fetchStyles()}>
            Try again
          </button>
        </p>
      )}
      {load.status === 'ready' && (
        <>
          {!load.stored && <p className="field-hint">No saved styles yet: showing the theme defaults.</p>}
          <FormAlert message={alert} />
          <ColorPanel styles={styles} onChange={(s) => { setStyles(s); setNotice(null) }} />
          <FontPanel styles={styles} onChange={(s) => { setStyles(s); setNotice(null) }} />
          <div className="form-actions sticky-actions">
            <button type="button" className="button primary" disabled={!dirty.length} onClick={() => void save()}>
              Save styles
            </button>
            <button type="button" className="button secondary" disabled={!dirty.length} onClick={() => setStyles(saved)}>
              Discard changes
            </button>
            <span className="muted" aria-live="polite">
              {dirty.length ? `Changed: ${dirty.join(', ')}` : notice}
            </span>
          </div>
          <div className="style-sample" style={vars as CSSProperties} aria-label="Style sample">
            <h2>Heading in the site's heading font</h2>
            <p>
              Body text in the body font, with <a href="#sample">a link in the accent colour</a>.
            </p>
            <span className="sample-button">Button</span>
          </div>
          <PreviewFrame siteUrl={site.url} path="/" css={cssText(vars)} variables={vars} title="Preview of the site with these styles" />
        </>
      )}
    </section>
  )
}
