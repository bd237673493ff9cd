// What one version changed against the one before, as people read it: text inline (removed words struck through,
// added ones marked), block moves, colours as swatches.
import { ArrowRight } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { HistoryApi, VersionSummary } from '../api/history.js'
import { readableChanges, type ReadableChange } from './describe.js'

export function ChangeList({
  api,
  siteId,
  version,
}: {
  api: HistoryApi
  siteId: string
  version: VersionSummary
}) {
  const [changes, setChanges] = useState<ReadableChange[] | null>(null)
  const [first, setFirst] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void api.get(siteId, version.id).then((res) => {
      if (!live) return
      if (!res.ok) return setError(res.error.message)
      setFirst(res.data.previousId === null)
      setChanges(readableChanges(res.data.diff))
    })
    return () => {
      live = false
    }
  }, [api, siteId, version.id])

  if (error)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    )
  if (!changes) return <p className="field-hint">Reading the changes…</p>
  if (version.deleted) return <p className="field-hint">This change deleted it.</p>
  if (first) return <p className="field-hint">The first version kept.</p>
  if (changes.length === 0) return <p className="field-hint">No visible change (saved as it was).</p>
  return (
    <ul className="change-list" aria-label="Changes">
      {changes.map((c, i) => (
        <li key={i}>
          <span className="change-label">{c.label}</span>
          {c.type === 'text' && (
            <span className="change-text">
              {c.parts.map((p, j) =>
                p.op === 'add' ? (
                  <ins key={j}>{p.text}</ins>
                ) : p.op === 'remove' ? (
                  <del key={j}>{p.text}</del>
                ) : (
                  <span key={j}>{p.text}</span>
                ),
              )}
            </span>
          )}
          {c.type === 'colour' && (
            <span className="change-colour">
              <span
                className="swatch"
                style={{ background: c.from }}
                title={c.from}
                aria-label={`from ${c.from}`}
                role="img"
              />
              <ArrowRight aria-hidden="true" size={14} />
              <span
                className="swatch"
                style={{ background: c.to }}
                title={c.to}
                aria-label={`to ${c.to}`}
                role="img"
              />
            </span>
          )}
          {c.type === 'block' && c.text && (
            <span className={`change-text ${c.op}`}>
              {c.op === 'add' ? <ins>{c.text}</ins> : <del>{c.text}</del>}
            </span>
          )}
          {c.type === 'value' && (
            <span className="change-text">
              {c.from && <del>{c.from}</del>} {c.to && <ins>{c.to}</ins>}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}
