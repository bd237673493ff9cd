// Settings -> Import: bring a site over from WordPress, Squarespace, Ghost, Shopify or WooCommerce. The owner picks
// the platform and its export file; the upload shows its progress, then the server's import its records done of
// all; once over, a summary says how many pages, posts, products, images and comments came in, what was skipped and
// why, which images the old host no longer had, and what was kept as HTML. A bad file's error is the server's text
// (naming the line). ADMIN only (the `transfer` capability); the earlier imports of the site are listed below.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { CircleAlert, CircleCheck, FileUp, Ghost, LayoutGrid, Newspaper, ShoppingBag, ShoppingCart, type LucideIcon } from 'lucide-react'
import { IMPORT_MAX_BYTES, type ImportJobView, type ImportReportView } from '@sitewright/contracts'
import { createImportsApi, type ImportsApi } from '../api/imports.js'
import type { SiteSummary } from '../api/types.js'
import { formatSize } from '../dialogs/files/sizes.js'
import { fileProblem, importSourceById, IMPORT_SOURCES, type ImportSourceId } from './importSources.js'
import { SettingsHeader } from './SettingsHeader.js'
import './import.css'

const ICONS: Record<ImportSourceId, LucideIcon> = { wordpress: Newspaper, squarespace: LayoutGrid, ghost: Ghost, shopify: ShoppingBag, woocommerce: ShoppingCart }
/** How often a running import is read again (ms). */
const POLL_MS = 700
/** The figures every summary shows, in this order; the report's other counts follow. */
const MAIN_COUNTS = ['pages', 'posts', 'products', 'images', 'comments'] as const

type Step =
  | { state: 'idle' }
  | { state: 'uploading'; loaded: number; total: number }
  | { state: 'importing'; job: ImportJobView }
  | { state: 'done'; job: ImportJobView }
  | { state: 'failed'; message: string }

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const kindLabel = (kind: string) => IMPORT_SOURCES.find((s) => s.kind === kind)?.fileName ?? kind

function Progress({ step }: { step: Step }) {
  if (step.state === 'uploading') {
    const pct = step.total ? Math.min(100, Math.round((step.loaded / step.total) * 100)) : 0
    return (
      <div className="import-progress">
        <progress max={100} value={pct} aria-label="Upload progress" />
        <span role="status">
          Uploading… {pct}% ({formatSize(step.loaded)} of {formatSize(step.total)})
        </span>
      </div>
    )
  }
  if (step.state === 'importing') {
    const { done, total } = step.job
    const pct = total ? Math.min(100, Math.round((done / total) * 100)) : 0
    return (
      <div className="import-progress">
        {total ? <progress max={100} value={pct} aria-label="Import progress" /> : <progress aria-label="Import progress" />}
        <span role="status">{total ? `Importing… ${done} of ${total} records (${pct}%)` : 'Reading the file…'}</span>
      </div>
    )
  }
  return null
}

function Summary({ report, fileName }: { report: ImportReportView; fileName: string }) {
  const extra = Object.entries(report.counts).filter(([k]) => !(MAIN_COUNTS as readonly string[]).includes(k) && k !== 'images missing')
  const title = report.source.title || fileName
  return (
    <section className="import-summary" aria-labelledby="import-summary-title">
      <h3 id="import-summary-title">
        <CircleCheck aria-hidden="true" size={20} /> Imported {title ? `“${title}”` : 'the file'}
      </h3>
      <dl className="import-counts" aria-label="Imported">
        {MAIN_COUNTS.map((k) => (
          <div key={k}>
            <dt>{capital(k)}</dt>
            <dd>{report.counts[k] ?? 0}</dd>
          </div>
        ))}
      </dl>
      {extra.length > 0 && (
        <ul className="import-extra" aria-label="Also imported">
          {extra.map(([k, n]) => (
            <li key={k}>
              {capital(k)}: {n}
            </li>
          ))}
        </ul>
      )}
      {report.skipped.length > 0 && (
        <div className="import-list">
          <h4>Skipped</h4>
          <ul aria-label="Skipped">
            {report.skipped.map((s) => (
              <li key={s.what}>
                <details>
                  <summary>
                    {capital(s.what)}: {s.items.length}
                  </summary>
                  <ul>
                    {s.items.map((it, i) => (
                      <li key={`${i}-${it}`}>{it}</li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.missingImages.length > 0 && (
        <div className="import-list">
          <h4>Images missing at the source: {report.counts['images missing'] ?? report.missingImages.length}</h4>
          <p className="field-hint">The content came in without them; upload them again where they belong.</p>
          <details>
            <summary>Show the addresses</summary>
            <ul aria-label="Images missing at the source">
              {report.missingImages.map((m) => (
                <li key={m.url}>
                  <code>{m.url}</code> — {m.reason}
                </li>
              ))}
            </ul>
          </details>
        </div>
      )}
      {report.keptAsHtml.length > 0 && (
        <div className="import-list">
          <h4>Kept as HTML blocks</h4>
          <ul aria-label="Kept as HTML blocks">
            {report.keptAsHtml.map((k) => (
              <li key={k.name}>
                {k.name}: {k.pages.join(', ')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.notes.length > 0 && (
        <div className="import-list">
          <h4>Notes</h4>
          <ul aria-label="Notes">
            {report.notes.map((n) => (
              <li key={n.what}>
                {capital(n.what)}: {n.items.join(', ')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}

export function ImportScreen({ site, api: given }: { site: SiteSummary; api?: ImportsApi }) {
  const siteId = String(site.id)
  const api = useMemo(() => given ?? createImportsApi(), [given])
  const [sourceId, setSourceId] = useState<ImportSourceId>('wordpress')
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [step, setStep] = useState<Step>({ state: 'idle' })
  const [history, setHistory] = useState<ImportJobView[] | null>(null)
  const alive = useRef(true)
  const source = importSourceById(sourceId)
  const busy = step.state === 'uploading' || step.state === 'importing'

  const fetchHistory = useCallback(async () => {
    const res = await api.list(siteId)
    if (res.ok && alive.current) setHistory(res.data.jobs)
  }, [api, siteId])

  useEffect(() => {
    alive.current = true
    void fetchHistory()
    return () => {
      alive.current = false
    }
  }, [fetchHistory])

  // a running import is read again until it is over
  const runningId = step.state === 'importing' ? step.job.id : null
  useEffect(() => {
    if (!runningId) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      const res = await api.job(siteId, runningId)
      if (!alive.current) return
      if (!res.ok) {
        setStep({ state: 'failed', message: res.error.message })
        return
      }
      const job = res.data.job
      if (job.status === 'running') {
        setStep({ state: 'importing', job })
        timer = setTimeout(() => void poll(), POLL_MS)
        return
      }
      setStep(job.status === 'done' ? { state: 'done', job } : { state: 'failed', message: job.error ?? 'The import stopped.' })
      void fetchHistory()
    }
    timer = setTimeout(() => void poll(), POLL_MS)
    return () => clearTimeout(timer)
  }, [api, siteId, runningId, fetchHistory])

  function pickSource(id: ImportSourceId) {
    setSourceId(id)
    setFileError(file ? fileProblem(importSourceById(id), file, IMPORT_MAX_BYTES) : null)
  }

  async function run(e: FormEvent) {
    e.preventDefault()
    if (!file) return setFileError(`Choose the ${source.fileName} file to import.`)
    const problem = fileProblem(source, file, IMPORT_MAX_BYTES)
    if (problem) return setFileError(problem)
    setFileError(null)
    setStep({ state: 'uploading', loaded: 0, total: file.size })
    const res = await api.start(siteId, source.kind, file, {
      onProgress: (loaded, total) => setStep({ state: 'uploading', loaded, total }),
    })
    if (!alive.current) return
    if (!res.ok) return setStep({ state: 'failed', message: res.message })
    setStep({ state: 'importing', job: res.job })
  }

  return (
    <section className="settings" aria-labelledby="settings-title">
      <SettingsHeader site={site} current="import" />
      <section className="import" aria-labelledby="import-title">
        <h2 id="import-title">Import from another platform</h2>
        <p className="field-hint">
          Brings pages, posts, comments, images and products into {site.title}. Every old address keeps working: it answers with a permanent redirect to its new page. Importing the same file
          again updates what it brought instead of adding it twice.
        </p>
        <form className="import-form" onSubmit={(e) => void run(e)} noValidate aria-busy={busy}>
          <fieldset className="import-sources">
            <legend>Where the file comes from</legend>
            {IMPORT_SOURCES.map((s) => {
              const Icon = ICONS[s.id]
              return (
                <label key={s.id} className="import-source" data-checked={s.id === sourceId || undefined}>
                  <input
                    type="radio"
                    name="source"
                    value={s.id}
                    checked={s.id === sourceId}
                    disabled={busy}
                    aria-labelledby={`import-source-${s.id}`}
                    aria-describedby={`import-source-${s.id}-hint`}
                    onChange={() => pickSource(s.id)}
                  />
                  <Icon aria-hidden="true" size={22} />
                  <span className="import-source-text">
                    <span className="import-source-name" id={`import-source-${s.id}`}>
                      {s.label}
                    </span>
                    <span className="import-source-hint" id={`import-source-${s.id}-hint`}>
                      {s.hint} ({s.extension})
                    </span>
                  </span>
                </label>
              )
            })}
          </fieldset>
          <div className={`field${fileError ? ' has-error' : ''}`}>
            <label htmlFor="import-file">{source.fileName}</label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept={source.extension === '.xml' ? '.xml,.wxr,application/xml,text/xml' : source.extension === '.json' ? '.json,application/json' : '.csv,text/csv'}
              disabled={busy}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? 'import-file-error' : undefined}
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null
                setFile(f)
                setFileError(f ? fileProblem(source, f, IMPORT_MAX_BYTES) : null)
                if (!busy) setStep({ state: 'idle' })
              }}
            />
            {fileError && (
              <p className="field-error" id="import-file-error" role="alert">
                {fileError}
              </p>
            )}
          </div>
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={busy}>
              <FileUp aria-hidden="true" size={18} />
              {busy ? 'Importing…' : `Import from ${source.platform}`}
            </button>
          </div>
          <Progress step={step} />
          {step.state === 'failed' && (
            <div className="alert import-failed" role="alert">
              <CircleAlert aria-hidden="true" size={20} />
              <span>{step.message}</span>
            </div>
          )}
        </form>
        {step.state === 'done' && step.job.report && <Summary report={step.job.report} fileName={step.job.fileName} />}
        {history && history.length > 0 && (
          <div className="import-history">
            <h3>Earlier imports</h3>
            <ul aria-label="Earlier imports">
              {history.map((j) => (
                <li key={j.id}>
                  <span className="import-history-name">{j.fileName || kindLabel(j.kind)}</span>{' '}
                  <span className="import-history-meta">
                    {kindLabel(j.kind)} · {new Date(j.createdOn).toLocaleString()} ·{' '}
                    {j.status === 'done'
                      ? `${MAIN_COUNTS.map((k) => `${j.report?.counts[k] ?? 0} ${k}`).join(', ')}`
                      : j.status === 'failed'
                        ? `failed: ${j.error ?? ''}`
                        : `running (${j.done} of ${j.total})`}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </section>
  )
}
