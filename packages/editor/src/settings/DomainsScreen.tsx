// Settings -> Domains: the site's own hostnames. Add one (the server validates it), read the DNS records to create
// (the TXT proof and where to point the name), "Check now", each state in plain words (waiting for DNS, verified,
// issuing certificate, secure, renewal due, failed with the reason), make one primary, remove one. While a
// certificate is being issued the list is read again every few seconds.
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react'
import { createDomainsApi, type CustomDomain, type DomainsAnswer, type DomainsApi } from '../api/domains.js'
import type { SiteSummary } from '../api/types.js'
import { ConfirmDialog } from '../ui/ConfirmDialog.js'
import { FormAlert, TextField } from '../ui/fields.js'
import { domainState, type DomainState } from './domainStatus.js'
import { SettingsHeader } from './SettingsHeader.js'
import './domains.css'

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; answer: DomainsAnswer }

const POLL_MS = 3000

function Records({ d, answer }: { d: CustomDomain; answer: DomainsAnswer }) {
  const t = answer.targets
  const point = [
    ...t.a.map((v) => ['A', d.hostname, v] as const),
    ...t.aaaa.map((v) => ['AAAA', d.hostname, v] as const),
    ...(t.a.length + t.aaaa.length === 0 ? t.cname.map((v) => ['CNAME', d.hostname, v] as const) : []),
  ]
  return (
    <table className="domain-records">
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td data-label="Type">{d.verification.type}</td>
          <td data-label="Name"><code>{d.verification.name}</code></td>
          <td data-label="Value"><code>{d.verification.value}</code></td>
        </tr>
        {point.map(([type, name, value]) => (
          <tr key={`${type}${value}`}>
            <td data-label="Type">{type}</td>
            <td data-label="Name"><code>{name}</code></td>
            <td data-label="Value"><code>{value}</code></td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function DomainsScreen({ site, api: given }: { site: SiteSummary; api?: DomainsApi }) {
  const siteId = String(site.id)
  const api = useMemo(() => given ?? createDomainsApi(), [given])
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [hostname, setHostname] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [alert, setAlert] = useState<string | null>(null)
  const [notice, setNotice] = useState<{ text: string; tone: DomainState['tone'] }>({ text: '', tone: 'ok' })
  const [busy, setBusy] = useState<string | null>(null)
  const [removing, setRemoving] = useState<CustomDomain | null>(null)

  const fetchList = useCallback(async (quiet = false) => {
    if (!quiet) setLoad({ status: 'loading' })
    const res = await api.list(siteId)
    if (res.ok) setLoad({ status: 'ready', answer: res.data })
    else if (!quiet) setLoad({ status: 'error', message: res.error.message })
  }, [api, siteId])

  useEffect(() => {
    void fetchList()
  }, [fetchList])

  const answer = load.status === 'ready' ? load.answer : null
  const working = !!answer?.domains.some((d) => d.status === 'issuing' || d.status === 'verified')
  useEffect(() => {
    if (!working) return
    const timer = setInterval(() => void fetchList(true), POLL_MS)
    return () => clearInterval(timer)
  }, [working, fetchList])

  async function add(e: FormEvent) {
    e.preventDefault()
    setAlert(null)
    setFieldError(undefined)
    setBusy('add')
    const res = await api.add(siteId, hostname)
    setBusy(null)
    if (!res.ok) {
      const msg = res.error.fields?.hostname ?? res.error.message
      if (res.error.kind === 'http') setFieldError(msg)
      else setAlert(msg)
      return
    }
    setHostname('')
    setNotice({ text: `${res.data.hostname} added: create the DNS record below, then choose Check now.`, tone: 'waiting' })
    await fetchList(true)
  }

  async function act(d: CustomDomain, what: 'verify' | 'primary') {
    setAlert(null)
    setBusy(`${what}:${d.id}`)
    const res = what === 'verify' ? await api.verify(siteId, d.id) : await api.primary(siteId, d.id)
    setBusy(null)
    if (!res.ok) return setAlert(res.error.message)
    if (what === 'verify') {
      // the answer's own state decides the words and the style: only a proven domain reads as a success
      const checked = res.data as CustomDomain
      const state = domainState(checked, load.status === 'ready' ? load.answer.https : true)
      const text =
        checked.status === 'pending' ? `${d.hostname}: the DNS record is not there yet.`
        : checked.status === 'failed' ? `${d.hostname}: ${state.detail}`
        : `${d.hostname} is verified.`
      setNotice({ text, tone: checked.status === 'pending' || checked.status === 'failed' ? state.tone : 'ok' })
    } else setNotice({ text: `${d.hostname} is now the primary domain: the others redirect to it.`, tone: 'ok' })
    await fetchList(true)
  }

  async function remove(d: CustomDomain) {
    setRemoving(null)
    setBusy(`remove:${d.id}`)
    const res = await api.remove(siteId, d.id)
    setBusy(null)
    if (!res.ok) return setAlert(res.error.message)
    setNotice({ text: `${d.hostname} removed.`, tone: 'ok' })
    await fetchList(true)
  }

  return (
    <section className="settings domains" aria-labelledby="settings-title">
      <SettingsHeader site={site} current="domains" />
      <h2>Domains</h2>
      <p className="muted domains-intro">
        Connect your own domain, like <code>www.your-shop.com</code>. Your site keeps its address at{' '}
        <a href={site.url} target="_blank" rel="noreferrer">{site.url.replace(/^https?:\/\//, '').replace(/\/$/, '')}</a> too.
      </p>
      <form className="domains-add" onSubmit={(e) => void add(e)} noValidate>
        <TextField label="Domain name" name="hostname" value={hostname} onChange={setHostname} error={fieldError} hint="An apex (example.com) or a subdomain (www.example.com)." maxLength={253} />
        <button type="submit" className="button primary" disabled={busy === 'add' || hostname.trim() === ''}>
          {busy === 'add' ? 'Adding…' : 'Add domain'}
        </button>
      </form>
      <p className={`domains-notice ${notice.tone}`} role="status" aria-live="polite">
        {notice.text}
      </p>
      <FormAlert message={alert} />
      {load.status === 'loading' && <p role="status">Loading domains…</p>}
      {load.status === 'error' && (
        <div className="alert" role="alert">
          {load.message}{' '}
          <button type="button" className="button secondary small" onClick={() => void fetchList()}>
            Try again
          </button>
        </div>
      )}
      {answer && answer.domains.length === 0 && <p className="domains-empty">No custom domains yet.</p>}
      {answer && answer.domains.length > 0 && (
        <ul className="domain-list" aria-label="Your domains">
          {answer.domains.map((d) => {
            const state = domainState(d, answer.https)
            const checkable = d.status === 'pending' || d.status === 'failed'
            return (
              <li key={d.id} className="domain-card">
                <div className="domain-head">
                  <h3>{d.hostname}</h3>
                  {d.primary && <span className="domain-badge primary">Primary</span>}
                  <span className={`domain-badge ${state.tone}`}>{state.label}</span>
                </div>
                <p className={`domain-detail ${state.tone}`}>{state.detail}</p>
                {d.status === 'pending' && (
                  <>
                    <p className="domain-how">At your DNS provider, create these records{answer.targets.a.length + answer.targets.aaaa.length + answer.targets.cname.length === 0 ? ' (and point the name at this server)' : ''}:</p>
                    <Records d={d} answer={answer} />
                  </>
                )}
                <div className="row-actions">
                  {checkable && (
                    <button type="button" className="button primary small" disabled={busy !== null} onClick={() => void act(d, 'verify')}>
                      {busy === `verify:${d.id}` ? 'Checking…' : 'Check now'}
                    </button>
                  )}
                  {!d.primary && (
                    <button type="button" className="button secondary small" disabled={busy !== null} onClick={() => void act(d, 'primary')}>
                      Make primary
                    </button>
                  )}
                  <button type="button" className="button secondary small danger" aria-label={`Remove ${d.hostname}`} disabled={busy !== null} onClick={() => setRemoving(d)}>
                    Remove
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.hostname}?`}
          message="The site stops answering at this address and its certificate is revoked. You can add it again later."
          confirmLabel="Remove domain"
          cancelLabel="Keep it"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  )
}
