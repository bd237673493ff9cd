// The STYLE screen: colour palette and themes, font themes and font usage, previewed live (the theme's CSS
// custom properties applied to a sample and to the site in the preview frame); saved by dirty path into the draft
// (issue 36): the canvas and the private preview show the draft, visitors the published styles until Publish.
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

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; stored: boolean; unpublished: boolean }

/** The private preview of the site's home page (drafts shown), on the site's own host. */
export const previewUrl = (siteId: string, path = '/') => `/config/preview?siteId=${encodeURIComponent(siteId)}&path=${encodeURIComponent(path)}`

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
      return setLoad({ status: 'ready', stored: r.data.updatedOn !== null, unpublished: r.data.unpublished === true })
    }
    if (r.error.status === 404) return setLoad({ status: 'ready', stored: false, unpublished: false })
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
    setLoad({ status: 'ready', stored: true, unpublished: r.data.unpublished === true })
    setNotice(r.data.unpublished ? 'Draft saved: publish to show it to visitors' : 'Styles saved')
  }

  async function publish() {
    setAlert(null)
    const r = await api.publish(siteId)
    if (!r.ok) return setAlert(r.error.message)
    setLoad({ status: 'ready', stored: true, unpublished: false })
    setNotice('Styles published')
  }

  async function discardDraft() {
    setAlert(null)
    const r = await api.discardDraft(siteId)
    if (!r.ok) return setAlert(r.error.message)
    const s = restoreStyles(r.data.styles)
    setSaved(s)
    setStyles(s)
    setLoad({ status: 'ready', stored: r.data.updatedOn !== null, unpublished: false })
    setNotice('Draft discarded')
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
          {load.unpublished && (
            <div className="draft-bar" role="region" aria-label="Unpublished styles">
              <span className="status-pill draft">Unpublished changes</span>
              <span className="muted">Visitors see the published styles until you publish.</span>
              <a className="button secondary small" href={previewUrl(siteId)} target="_blank" rel="noopener">
                Preview
              </a>
              <button type="button" className="button secondary small" disabled={dirty.length > 0} onClick={() => void discardDraft()}>
                Discard draft
              </button>
              <button type="button" className="button primary small" disabled={dirty.length > 0} onClick={() => void publish()}>
                Publish styles
              </button>
            </div>
          )}
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
