// Settings -> Export / Import: download the whole site as a .swz archive (customer data optional), or upload one to
// make a new site (this one is not changed), each with a progress bar. ADMIN only (the `transfer` capability).
import { useState, type FormEvent } from 'react'
import { SITE_ARCHIVE_EXTENSION } from '@sitewright/contracts'
import { createTransferClient, type SiteImportResult, type TransferClient } from '../api/transfer.js'
import type { SiteSummary } from '../api/types.js'
import { formatSize } from '../dialogs/files/sizes.js'
import { CheckboxField, FormAlert, TextField } from '../ui/fields.js'

type Job =
  | { state: 'idle' }
  | { state: 'running'; loaded: number; total: number; label: string }
  | { state: 'waiting'; label: string }
  | { state: 'done'; message: string }
  | { state: 'failed'; message: string }

interface Props {
  site: SiteSummary
  api?: TransferClient
  /** After an import: the session's site list is reloaded and the owner may open the new site. */
  onImported?(result: SiteImportResult): Promise<void> | void
  onOpen?(siteId: string): void
}

function Bar({ job, name }: { job: Job; name: string }) {
  if (job.state === 'running') {
    const pct = job.total ? Math.min(100, Math.round((job.loaded / job.total) * 100)) : 0
    return (
      <div className="transfer-progress">
        <progress max={100} value={pct} aria-label={`${name} progress`} />
        <span role="status">
          {job.label} {pct}%{job.total ? ` (${formatSize(job.loaded)} of ${formatSize(job.total)})` : ''}
        </span>
      </div>
    )
  }
  if (job.state === 'waiting') {
    return (
      <div className="transfer-progress">
        <progress aria-label={`${name} progress`} />
        <span role="status">{job.label}</span>
      </div>
    )
  }
  if (job.state === 'done') return <p className="transfer-done" role="status">{job.message}</p>
  return <FormAlert message={job.state === 'failed' ? job.message : null} />
}

export function TransferPanel({ site, api: given, onImported, onOpen }: Props) {
  const [api] = useState(() => given ?? createTransferClient())
  const [customerData, setCustomerData] = useState(true)
  const [exporting, setExporting] = useState<Job>({ state: 'idle' })
  const [file, setFile] = useState<File | null>(null)
  const [slug, setSlug] = useState('')
  const [slugError, setSlugError] = useState<string | undefined>()
  const [importing, setImporting] = useState<Job>({ state: 'idle' })
  const [imported, setImported] = useState<SiteImportResult | null>(null)
  const busy = (j: Job) => j.state === 'running' || j.state === 'waiting'

  async function runExport() {
    setExporting({ state: 'waiting', label: 'Preparing the archive…' })
    const res = await api.exportSite(String(site.id), {
      customerData,
      onProgress: (loaded, total) => setExporting({ state: 'running', loaded, total, label: 'Downloading…' }),
    })
    setExporting(res.kind === 'saved' ? { state: 'done', message: `Saved ${res.filename} (${formatSize(res.size)}).` } : { state: 'failed', message: res.message })
  }

  async function runImport(e: FormEvent) {
    e.preventDefault()
    setSlugError(undefined)
    setImported(null)
    if (!file) return setImporting({ state: 'failed', message: `Choose a site archive (${SITE_ARCHIVE_EXTENSION}) to import.` })
    const wanted = slug.trim().toLowerCase() // the server checks the address and names what is wrong
    setImporting({ state: 'running', loaded: 0, total: file.size, label: 'Uploading…' })
    const res = await api.importSite(file, {
      ...(wanted ? { slug: wanted } : {}),
      onProgress: (loaded, total) => setImporting({ state: 'running', loaded, total, label: 'Uploading…' }),
      onSent: () => setImporting({ state: 'waiting', label: 'Importing the site…' }),
    })
    if (res.kind === 'error') {
      // a wrong or taken address is said under its field; anything else above the form
      if (res.fields?.slug || res.status === 409) {
        setSlugError(res.fields?.slug ?? res.message)
        return setImporting({ state: 'idle' })
      }
      return setImporting({ state: 'failed', message: res.message })
    }
    const r = res.result
    setImported(r)
    setImporting({ state: 'done', message: `Imported “${r.site.title}” as ${r.site.url}: ${r.counts.tables.content_collections ?? 0} pages, ${r.counts.files} files.` })
    await onImported?.(r)
  }

  return (
    <section className="transfer" aria-labelledby="transfer-title">
      <h2 id="transfer-title">Export / Import</h2>
      <div className="transfer-grid">
        <div className="transfer-card">
          <h3>Export this site</h3>
          <p className="field-hint">
            One {SITE_ARCHIVE_EXTENSION} archive with every page, post, product, form, setting and file of {site.title}, to import here or on another Sitewright server.
          </p>
          <CheckboxField
            name="customerData"
            label="Include customer data"
            hint="Orders, members, form submissions, newsletter subscribers and restock sign-ups."
            checked={customerData}
            onChange={setCustomerData}
          />
          <div className="form-actions">
            <button type="button" className="button primary" disabled={busy(exporting)} onClick={() => void runExport()}>
              {busy(exporting) ? 'Exporting…' : 'Export site'}
            </button>
          </div>
          <Bar job={exporting} name="Export" />
        </div>
        <form className="transfer-card" onSubmit={(e) => void runImport(e)} noValidate aria-busy={busy(importing)}>
          <h3>Import a site</h3>
          <p className="field-hint">Makes a new site from a {SITE_ARCHIVE_EXTENSION} archive; {site.title} is not changed.</p>
          <div className="field">
            <label htmlFor="transfer-file">Site archive</label>
            <input id="transfer-file" name="archive" type="file" accept={`${SITE_ARCHIVE_EXTENSION},application/x-tar`} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </div>
          <TextField
            name="slug"
            label="New site address (optional)"
            hint="Left empty: the archive's address when it is free, else one made from its title."
            value={slug}
            error={slugError}
            onChange={(v) => {
              setSlug(v)
              setSlugError(undefined)
            }}
          />
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={busy(importing)}>
              {busy(importing) ? 'Importing…' : 'Import as a new site'}
            </button>
            {imported && onOpen && (
              <button type="button" className="button secondary" onClick={() => onOpen(String(imported.site.id))}>
                Open {imported.site.title}
              </button>
            )}
          </div>
          <Bar job={importing} name="Import" />
          {imported && imported.warnings.length > 0 && (
            <ul className="field-hint" aria-label="Import notes">
              {imported.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
        </form>
      </div>
    </section>
  )
}
