// Stored submissions of a form: search, paging, detail with the summary displays, CSV export, delete.
import { useCallback, useEffect, useState } from 'react'
import { ConfirmDialog } from '../ui/ConfirmDialog.js'
import type { FieldSummary, FormsApi, Submission, SubmissionPage } from './api.js'

const SIZE = 20

function SummaryValue({ s }: { s: FieldSummary }) {
  if (s.lines && s.lines.length > 0)
    return (
      <ul className="summary-lines">
        {s.lines.map((l, i) => (
          <li key={i}>
            {l.label && <strong>{l.label}: </strong>}
            {l.text}
          </li>
        ))}
      </ul>
    )
  if (s.parts && s.text !== 'N/A')
    return (
      <>
        <span>{s.text}</span>
        <dl className="summary-parts">
          {s.parts.map((p) => (
            <div key={p.name}>
              <dt>{p.name}</dt>
              <dd>{p.value || 'N/A'}</dd>
            </div>
          ))}
        </dl>
      </>
    )
  return <span>{s.text}</span>
}

function Detail({ submission, onDelete }: { submission: Submission; onDelete(): void }) {
  return (
    <article className="submission-detail" aria-label="Submission">
      <h3>{new Date(submission.createdOn).toLocaleString()}</h3>
      <dl>
        {submission.summary.map((s) => (
          <div key={s.id} className={`summary summary-${s.type}`}>
            <dt>{s.title}</dt>
            <dd>
              <SummaryValue s={s} />
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button secondary small" onClick={onDelete}>
        Delete submission
      </button>
    </article>
  )
}

export function Submissions({ api, formId }: { api: FormsApi; formId: string }) {
  const [query, setQuery] = useState('')
  const [applied, setApplied] = useState('')
  const [page, setPage] = useState(0)
  const [data, setData] = useState<SubmissionPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const [confirm, setConfirm] = useState<Submission | null>(null)

  const load = useCallback(async () => {
    const res = await api.submissions(formId, { q: applied, page, size: SIZE })
    if (res.ok) {
      setData(res.data)
      setError(null)
    } else setError(res.error.message)
  }, [api, formId, applied, page])

  useEffect(() => {
    void load()
  }, [load])

  async function remove(s: Submission) {
    setConfirm(null)
    const res = await api.removeSubmission(formId, s.id)
    if (!res.ok) return setError(res.error.message)
    setOpen(null)
    await load()
  }

  const selected = data?.submissions.find((s) => s.id === open)
  return (
    <section className="submissions" aria-labelledby="submissions-title">
      <h2 id="submissions-title">Submissions</h2>
      <form
        role="search"
        className="submissions-search"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(0)
          setApplied(query.trim())
        }}
      >
        <label htmlFor="submission-search">Search submissions</label>
        <input id="submission-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit" className="button secondary small">
          Search
        </button>
        <a className="button secondary small" href={api.exportUrl(formId)} download>
          Export CSV
        </a>
      </form>
      {error && <p role="alert" className="field-error">{error}</p>}
      {data && (
        <>
          <p role="status">{data.total === 0 ? 'No submissions yet.' : `${data.total} submission${data.total === 1 ? '' : 's'}`}</p>
          <ul className="submission-list">
            {data.submissions.map((s) => (
              <li key={s.id}>
                <button type="button" className={`link-button${open === s.id ? ' active' : ''}`} aria-expanded={open === s.id} onClick={() => setOpen(open === s.id ? null : s.id)}>
                  {new Date(s.createdOn).toLocaleString()} · {s.summary.slice(0, 2).map((x) => x.text).join(' · ')}
                </button>
              </li>
            ))}
          </ul>
          <div className="pager">
            <button type="button" className="button secondary small" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span>Page {page + 1}</span>
            <button type="button" className="button secondary small" disabled={!data.hasNextPage} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </div>
        </>
      )}
      {selected && <Detail submission={selected} onDelete={() => setConfirm(selected)} />}
      {confirm && (
        <ConfirmDialog title="Delete this submission?" message="The submission is removed for good." confirmLabel="Delete" cancelLabel="Keep" onConfirm={() => void remove(confirm)} onCancel={() => setConfirm(null)} />
      )}
    </section>
  )
}
