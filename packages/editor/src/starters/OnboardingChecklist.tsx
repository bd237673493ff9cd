// The onboarding checklist of a site made from a starter, beside the canvas: edit the home text, add a logo, add a
// product or post, publish. Each step is ticked by the server from the site's real state (re-read every few
// seconds, whenever the window regains focus and after every change this editor makes to the site); the owner may
// fold it or dismiss it for good. `inline` (the Pages section, where the canvas takes the whole width): the
// navigation row's last item, folded at first, and opened it takes a line of its own: it never covers the canvas.
import { useCallback, useEffect, useMemo, useState } from 'react'
import './starters.css'
import type { Onboarding, OnboardingStep } from '@sitewright/contracts'
import { onSiteChanged } from '../api/changes.js'
import { createFilesApi } from '../api/files.js'
import { createStartersApi } from '../api/starters.js'
import { useNavigation } from '../app/navigation.js'
import { routePath } from '../app/routes.js'
import { pagesPath } from '../pages/paths.js'

const POLL_MS = 4000

export function OnboardingChecklist({ siteId, inline = false }: { siteId: string; inline?: boolean }) {
  const api = useMemo(() => createStartersApi(), [])
  const { navigate } = useNavigation()
  const [data, setData] = useState<Onboarding | null>(null)
  const files = useMemo(() => createFilesApi(), [])
  const [logoState, setLogoState] = useState<string | null>(null)
  const [open, setOpen] = useState(() => !inline && (typeof window === 'undefined' || window.innerWidth > 700))

  const load = useCallback(async () => {
    const res = await api.onboarding(siteId)
    if (res.ok) setData(res.data.onboarding)
  }, [api, siteId])

  // Polled only while there is something to tick: a site not made from a starter, a dismissed or a finished
  // checklist is read once (and again on focus), and a hidden tab does not poll.
  const live = data !== null && data.starterId !== null && !data.dismissed && data.steps.some((s) => !s.done)
  useEffect(() => {
    void load()
    const onFocus = () => void load()
    window.addEventListener('focus', onFocus)
    // a product made, a page saved or published, a logo set: the steps are read again at once
    const off = onSiteChanged(siteId, onFocus)
    return () => {
      window.removeEventListener('focus', onFocus)
      off()
    }
  }, [load, siteId])
  useEffect(() => {
    if (!live) return
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void load()
    }, POLL_MS)
    return () => window.clearInterval(timer)
  }, [load, live])

  if (!data || data.starterId === null || data.dismissed || data.steps.length === 0) return null
  const done = data.steps.filter((s) => s.done).length
  const target = (id: OnboardingStep): string | null => {
    if (id === 'add-content') return routePath({ name: 'site', siteId, section: data.starterId === 'store' ? 'commerce' : 'pages' })
    return data.homePageId ? pagesPath(siteId, { view: 'collection', id: data.homePageId }) : null
  }

  async function uploadLogo(file: File | undefined) {
    if (!file) return
    setLogoState('Uploading…')
    const up = await files.upload(siteId, file)
    if (up.kind !== 'stored') return setLogoState(up.kind === 'error' && up.message ? up.message : 'The logo was not uploaded. Try again.')
    const res = await api.setLogo(siteId, up.file.id)
    setLogoState(res.ok ? null : res.error.message)
    await load()
  }

  async function dismiss() {
    const res = await api.dismissOnboarding(siteId)
    if (res.ok) setData(res.data.onboarding)
  }

  return (
    <aside className={`onboarding${open ? ' open' : ''}${inline ? ' inline' : ''}`} aria-label="Getting started" data-onboarding>
      <div className="onboarding-head">
        <button type="button" className="onboarding-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <span className="onboarding-title">Getting started</span>
          <span className="onboarding-count">
            {done} of {data.steps.length} done
          </span>
        </button>
        <button type="button" className="onboarding-dismiss" onClick={() => void dismiss()} aria-label="Dismiss the getting started checklist" title="Dismiss">
          ×
        </button>
      </div>
      <div className="onboarding-bar" aria-hidden="true">
        <span style={{ width: `${(done / data.steps.length) * 100}%` }} />
      </div>
      {open && (
        <ol className="onboarding-steps">
          {data.steps.map((s) => {
            const to = target(s.id)
            return (
              <li key={s.id} className={s.done ? 'done' : ''} data-step={s.id} data-done={s.done}>
                <span className="onboarding-mark" aria-hidden="true">
                  {s.done ? '✓' : ''}
                </span>
                {s.id === 'add-logo' && !s.done ? (
                  <label className="onboarding-upload">
                    {s.label}
                    <input type="file" accept="image/*" className="visually-hidden" onChange={(e) => void uploadLogo(e.target.files?.[0])} />
                    {logoState && <span className="onboarding-note" role="status">{logoState}</span>}
                  </label>
                ) : to && !s.done ? (
                  <a href={to} onClick={(e) => { e.preventDefault(); navigate(to) }}>
                    {s.label}
                  </a>
                ) : (
                  <span>{s.label}</span>
                )}
                <span className="visually-hidden">{s.done ? ' (done)' : ' (to do)'}</span>
              </li>
            )
          })}
        </ol>
      )}
    </aside>
  )
}
