// One object's versions (or the whole site's changes), newest first, page by page: who, when, what and why; the
// chosen one opens with its readable diff and its actions (Preview, Restore).
import { History as HistoryIcon, LoaderCircle, RotateCcw } from 'lucide-react'
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import type { HistoryApi, VersionFilter, VersionSummary } from '../api/history.js'
import { ChangeList } from './ChangeList.js'
import { KIND_LABELS, changeSummary, when, whoLine } from './describe.js'

interface Props {
  api: HistoryApi
  siteId: string
  filter: VersionFilter
  /** Shows each version's kind and title (the site's list). */
  showObject?: boolean
  /** Changes when the history should be read again (after a restore). */
  generation?: number
  /** The actions of the chosen version. */
  actions(v: VersionSummary): ReactNode
  /** The version whose actions are open. */
  chosenId: string | null
  onChoose(id: string | null): void
  /** The versions loaded so far, newest first. */
  onLoaded?(versions: VersionSummary[]): void
}

export function VersionList({
  api,
  siteId,
  filter,
  showObject,
  generation,
  actions,
  chosenId,
  onChoose,
  onLoaded,
}: Props) {
  const [versions, setVersions] = useState<VersionSummary[] | null>(null)
  const [next, setNext] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loadingMore, setLoadingMore] = useState(false)
  const key = JSON.stringify(filter)

  const load = useCallback(
    async (cursor?: string) => {
      const res = await api.list(siteId, {
        ...(JSON.parse(key) as VersionFilter),
        ...(cursor ? { cursor } : {}),
        limit: 30,
      })
      if (!res.ok) return setError(res.error.message)
      setError(null)
      setVersions((old) => (cursor ? [...(old ?? []), ...res.data.versions] : res.data.versions))
      setNext(res.data.nextCursor)
    },
    [api, siteId, key],
  )

  useEffect(() => {
    setVersions(null)
    void load()
  }, [load, generation])
  useEffect(() => {
    if (versions) onLoaded?.(versions)
  }, [versions, onLoaded])

  if (error)
    return (
      <p className="alert" role="alert">
        {error}{' '}
        <button type="button" className="button secondary small" onClick={() => void load()}>
          Try again
        </button>
      </p>
    )
  if (!versions)
    return (
      <p role="status" className="history-loading">
        <LoaderCircle aria-hidden="true" size={16} className="spin" /> Loading the history…
      </p>
    )
  if (versions.length === 0) return <p className="field-hint">No changes recorded yet.</p>
  return (
    <>
      <ol className="version-list" aria-label="Versions">
        {versions.map((v, i) => {
          const open = v.id === chosenId
          const what = changeSummary(v)
          return (
            <li key={v.id} className={`version${open ? ' open' : ''}`} data-version-id={v.id}>
              <button
                type="button"
                className="version-head"
                aria-expanded={open}
                onClick={() => onChoose(open ? null : v.id)}
              >
                <span className="version-when">
                  <time dateTime={v.createdAt} title={new Date(v.createdAt).toLocaleString()}>
                    {when(v.createdAt)}
                  </time>
                  {i === 0 && <span className="version-current">{showObject ? 'Latest' : 'Current'}</span>}
                </span>
                <span className="version-what">
                  {showObject && (
                    <strong>
                      {KIND_LABELS[v.kind]}
                      {v.title && v.kind !== 'styles' && v.kind !== 'navigation' && v.kind !== 'redirects'
                        ? `: ${v.title}`
                        : ''}
                      {' · '}
                    </strong>
                  )}
                  {what}
                </span>
                <span className="version-who">
                  {v.reason === 'restore' ? (
                    <RotateCcw aria-hidden="true" size={14} />
                  ) : (
                    <HistoryIcon aria-hidden="true" size={14} />
                  )}{' '}
                  {whoLine(v)}
                </span>
              </button>
              {open && (
                <div className="version-body">
                  <ChangeList api={api} siteId={siteId} version={v} />
                  <div className="version-actions">{actions(v)}</div>
                </div>
              )}
            </li>
          )
        })}
      </ol>
      {next && (
        <button
          type="button"
          className="button secondary small"
          disabled={loadingMore}
          onClick={() => {
            setLoadingMore(true)
            void load(next).finally(() => setLoadingMore(false))
          }}
        >
          {loadingMore ? 'Loading…' : 'Show older changes'}
        </button>
      )}
    </>
  )
}
