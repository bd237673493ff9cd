// The starter chooser: after sign-up (fills the new site) and from the site switcher's "New site" (makes a site).
// Each starter is a card with a live preview of its home page (an iframe of the starter's preview site), its kind,
// palette and fonts; choosing one lands in the canvas on the new site's home page.
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import './starters.css'
import type { StarterSummary } from '@sitewright/contracts'
import { useNavigation } from '../app/navigation.js'
import { routePath } from '../app/routes.js'
import { useSession } from '../app/session.js'
import { createStartersApi } from '../api/starters.js'
import { pagesPath } from '../pages/paths.js'
import { FormAlert, TextField } from '../ui/fields.js'
import { TITLE_MAX } from '../settings/validation.js'

export function StarterChooser({ siteId }: { siteId?: string | undefined }) {
  const api = useMemo(() => createStartersApi(), [])
  const { state, reload } = useSession()
  const { navigate } = useNavigation()
  const [starters, setStarters] = useState<StarterSummary[] | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [title, setTitle] = useState('')
  const [titleError, setTitleError] = useState<string | undefined>()
  const site = state.status === 'signed-in' && siteId ? state.me.sites.find((s) => String(s.id) === siteId) : undefined

  useEffect(() => {
    void api.list().then((res) => (res.ok ? setStarters(res.data.starters) : setAlert(res.error.message)))
  }, [api])

  async function choose(starterId: string) {
    setAlert(null)
    if (!siteId) {
      const t = title.trim()
      if (!t || t.length > TITLE_MAX) {
        setTitleError(t ? `Use at most ${TITLE_MAX} characters.` : 'Enter a site title.')
        document.querySelector<HTMLInputElement>('.starter-title input')?.focus()
        return
      }
      setTitleError(undefined)
    }
    setBusy(starterId)
    const res = siteId ? await api.applyStarter(siteId, starterId) : await api.createSite({ title: title.trim(), starterId })
    if (!res.ok) {
      setBusy(null)
      setAlert(res.error.message)
      return
    }
    await reload()
    const id = String(res.data.site.id)
    navigate(res.data.homePageId ? pagesPath(id, { view: 'collection', id: res.data.homePageId }) : routePath({ name: 'site', siteId: id, section: 'pages' }), { replace: true })
  }

  async function decline(id: string) {
    setAlert(null)
    setBusy('blank')
    const res = await api.decline(id)
    if (!res.ok) {
      setBusy(null)
      setAlert(res.error.message)
      return
    }
    navigate(routePath({ name: 'site', siteId: id, section: 'pages' }), { replace: true })
  }

  const skip = siteId ? routePath({ name: 'site', siteId, section: 'pages' }) : routePath({ name: 'home' })
  return (
    <main className="starter-chooser" aria-busy={busy !== null}>
      <header className="starter-head">
        <h1 tabIndex={-1}>{siteId ? 'Choose a starting point' : 'New site'}</h1>
        <p>
          {siteId
            ? `Pick a template for ${site?.title ?? 'your site'}. It comes with pages, demo content and its own colours and fonts; you change all of it in the editor.`
            : 'Name the new site and pick a template. It comes with pages, demo content and its own colours and fonts.'}
        </p>
        {!siteId && (
          <form className="starter-title" onSubmit={(e: FormEvent) => e.preventDefault()} noValidate>
            <TextField name="title" autoFocus label="Site title" maxLength={TITLE_MAX} value={title} onChange={setTitle} error={titleError} />
          </form>
        )}
        <FormAlert message={alert} />
      </header>
      {!starters ? (
        !alert && <p role="status">Loading templates…</p>
      ) : (
        <ul className="starter-grid" aria-label="Starter templates">
          {starters.map((s) => (
            <li key={s.id} className="starter-card" data-starter={s.id}>
              <div className="starter-preview" style={{ background: `linear-gradient(135deg, ${s.palette[1]}, ${s.palette[2]} 60%, ${s.palette[4]})` }}>
                <span className="starter-preview-note">Loading preview…</span>
                <iframe src={s.previewUrl} title={`Preview of the ${s.name} template`} loading="lazy" tabIndex={-1} sandbox="allow-scripts allow-same-origin" />
              </div>
              <div className="starter-body">
                <h2>{s.name}</h2>
                <p className="starter-kind">{s.kind}</p>
                <p>{s.summary}</p>
                <p className="starter-style">
                  <span className="starter-swatches" aria-hidden="true">
                    {s.palette.map((hex) => (
                      <span key={hex} style={{ background: hex }} />
                    ))}
                  </span>
                  <span>
                    {s.headingFont} and {s.bodyFont}
                  </span>
                </p>
                <button type="button" className="button primary" disabled={busy !== null} onClick={() => void choose(s.id)}>
                  {busy === s.id ? 'Creating…' : 'Use this template'}
                  <span className="visually-hidden"> ({s.name})</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="starter-skip">
        {siteId ? (
          // declining is kept: the empty canvas stops offering a template (Settings keeps the way back)
          <button type="button" className="button secondary" disabled={busy !== null} onClick={() => void decline(siteId)}>
            {busy === 'blank' ? 'Opening…' : 'Start from a blank site'}
          </button>
        ) : (
          <a href={skip} onClick={(e) => { e.preventDefault(); navigate(skip) }}>
            Cancel
          </a>
        )}
      </p>
    </main>
  )
}
