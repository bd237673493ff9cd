// The History section: every change across the site, newest first, filterable by person and kind; any change is a
// point the whole site can go back to ("Restore the site to this point": every page, product, style, navigation,
// form and setting as it was right after that change, in one step; a restore is itself a new change).
import { RotateCcw } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { createApiClient } from '../api/client.js'
import { HISTORY_KINDS, createHistoryApi, type HistoryKind, type HistoryPerson, type VersionSummary } from '../api/history.js'
import type { SiteSummary } from '../api/types.js'
import { ConfirmDialog } from '../ui/ConfirmDialog.js'
import { KIND_LABELS, when } from './describe.js'
import { VersionList } from './VersionList.js'
import './history.css'

export function SiteHistoryScreen({ site }: { site: SiteSummary }) {
  const siteId = String(site.id)
  const api = useMemo(() => createHistoryApi(createApiClient()), [])
  const [kind, setKind] = useState<HistoryKind | ''>('')
  const [person, setPerson] = useState('')
  const [people, setPeople] = useState<HistoryPerson[]>([])
  const [chosen, setChosen] = useState<string | null>(null)
  const [target, setTarget] = useState<VersionSummary | null>(null)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  const mayRestore = !site.capabilities || site.capabilities.includes('settings.edit')

  const filter = useMemo(() => ({ ...(kind ? { kind } : {}), ...(person ? { person } : {}) }), [kind, person])
  const loaded = useCallback((vs: VersionSummary[]) => {
    setPeople((old) => {
      const known = new Map(old.map((p) => [p.id, p]))
      for (const v of vs) if (v.person && !known.has(v.person.id)) known.set(v.person.id, v.person)
      return known.size === old.length ? old : [...known.values()]
    })
  }, [])

  async function restore(v: VersionSummary) {
    setTarget(null)
    setBusy(true)
    setError(null)
    setNotice(null)
    const res = await api.restoreSite(siteId, v.createdAt)
    setBusy(false)
    if (!res.ok) return setError(res.error.message)
    setNotice(res.data.restored === 0 ? `The site already was as it was at ${when(v.createdAt)}.` : `Restored the site to ${when(v.createdAt)}: ${res.data.restored} ${res.data.restored === 1 ? 'thing' : 'things'} went back. The site before it is kept in the history.`)
    setChosen(null)
    setGeneration((g) => g + 1)
  }

  return (
    <section className="site-history" aria-labelledby="section-title">
      <h1 id="section-title" tabIndex={-1}>
        Site history
      </h1>
      <p className="lead">Every change to the site&apos;s pages, posts, products, styles, navigation, forms and settings is kept. Open a change to see it, or bring the whole site back to that point.</p>
      <div className="site-history-filters">
        <label>
          Person
          <select value={person} onChange={(e) => setPerson(e.target.value)}>
            <option value="">Everyone</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name || p.email}
              </option>
            ))}
          </select>
        </label>
        <label>
          Kind
          <select value={kind} onChange={(e) => setKind(e.target.value as HistoryKind | '')}>
            <option value="">Every kind</option>
            {HISTORY_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {notice && (
        <p className="history-notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <VersionList
        api={api}
        siteId={siteId}
        filter={filter}
        showObject
        generation={generation}
        chosenId={chosen}
        onChoose={setChosen}
        onLoaded={loaded}
        actions={(v) =>
          mayRestore ? (
            <button type="button" className="button secondary small" disabled={busy} onClick={() => setTarget(v)}>
              <RotateCcw aria-hidden="true" size={15} /> Restore the site to this point
            </button>
          ) : (
            <span className="field-hint">Restoring the whole site needs a role that edits the site&apos;s settings.</span>
          )
        }
      />
      {target && (
        <ConfirmDialog
          title="Restore the whole site?"
          message={`Every page, post, product, style, navigation, form and setting goes back to how it was at ${when(target.createdAt)}, right after this change. Visitors see it at once. Nothing is lost: the site as it is now stays in its history.`}
          confirmLabel="Restore the site"
          cancelLabel="Cancel"
          onCancel={() => setTarget(null)}
          onConfirm={() => void restore(target)}
        />
      )}
    </section>
  )
}
