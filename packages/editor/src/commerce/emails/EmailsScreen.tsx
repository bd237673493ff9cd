// Commerce > Emails: what the signed-in owner is emailed about (toggles and the low-stock threshold), and every
// email the shop sends, previewed with sample data in the site's brand (COMMERCE_EMAIL_PREVIEW 301): the HTML part
// in a sandboxed frame, or the text part.
import { useCallback, useEffect, useState } from 'react'
import type { EmailPreview, EmailTemplateSummary, NotificationSettings } from '@sitewright/contracts'
import { CheckboxField } from '../../ui/fields.js'
import { useCommerce } from '../context.js'
import { LoadError, Loading } from '../ui.js'
import './emails.css'

type Toggle = Exclude<keyof NotificationSettings, 'lowStockThreshold'>

const TOGGLES: readonly { key: Toggle; label: string }[] = [
  { key: 'newOrder', label: 'A new order is placed' },
  { key: 'lowStock', label: 'A product runs low on stock' },
  { key: 'newReview', label: 'A review waits for moderation' },
  { key: 'restockDemand', label: 'Shoppers wait for sold-out items (summary)' },
  { key: 'formSubmission', label: 'A form is submitted (forms that email their entries)' },
  { key: 'newMember', label: 'A new member signs up' },
]

function NotificationSettingsPanel() {
  const { api } = useCommerce()
  const [settings, setSettings] = useState<NotificationSettings | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [threshold, setThreshold] = useState('')

  useEffect(() => {
    void api.notificationSettings().then((r) => {
      if (!r.ok) return setError(r.error.message)
      setSettings(r.data)
      setThreshold(String(r.data.lowStockThreshold))
    })
  }, [api])

  async function save(patch: Partial<NotificationSettings>) {
    setError(null)
    setSaved(null)
    const r = await api.updateNotificationSettings(patch)
    if (!r.ok) return setError(r.error.fields.lowStockThreshold ?? r.error.message)
    setSettings(r.data)
    setSaved('Saved.')
  }

  if (!settings) return error ? <p className="alert" role="alert">{error}</p> : <Loading what="your notification settings" />
  return (
    <section className="email-settings" aria-labelledby="email-settings-title">
      <h2 id="email-settings-title">Email me when</h2>
      <p className="field-hint">Your own settings for this site; other contributors choose theirs.</p>
      <div className="email-toggles">
        {TOGGLES.map((t) => (
          <CheckboxField key={t.key} name={t.key} label={t.label} checked={settings[t.key]} onChange={(v) => void save({ [t.key]: v })} />
        ))}
      </div>
      <form
        className="email-threshold"
        onSubmit={(e) => {
          e.preventDefault()
          void save({ lowStockThreshold: Math.floor(Number(threshold)) })
        }}
      >
        <label htmlFor="low-stock-threshold">Low stock at</label>
        <input id="low-stock-threshold" type="number" min={0} step={1} value={threshold} onChange={(e) => setThreshold(e.target.value)} />
        <span>units or fewer</span>
        <button type="submit" className="button">
          Save
        </button>
      </form>
      <p className="email-settings-status" role="status">
        {saved}
      </p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}

type PreviewLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; preview: EmailPreview }

function Preview({ name }: { name: string }) {
  const { api, siteId } = useCommerce()
  const [load, setLoad] = useState<PreviewLoad>({ status: 'loading' })
  const [part, setPart] = useState<'html' | 'text'>('html')

  const fetchPreview = useCallback(async () => {
    setLoad({ status: 'loading' })
    const r = await api.emailPreview(name)
    setLoad(r.ok ? { status: 'ready', preview: r.data } : { status: 'error', message: r.error.message })
  }, [api, name])
  useEffect(() => {
    void fetchPreview()
  }, [fetchPreview])

  if (load.status === 'loading') return <Loading what="the preview" />
  if (load.status === 'error') return <LoadError message={load.message} retry={() => void fetchPreview()} />
  const p = load.preview
  return (
    <div className="email-preview">
      <dl className="email-headers">
        <div>
          <dt>From</dt>
          <dd>{p.from}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{p.name.startsWith('owner-') ? 'You (the site owner)' : 'The shopper'}</dd>
        </div>
        <div>
          <dt>Subject</dt>
          <dd>{p.subject}</dd>
        </div>
      </dl>
      <div className="email-part-switch" role="group" aria-label="Part">
        <button type="button" className="button" aria-pressed={part === 'html'} onClick={() => setPart('html')}>
          HTML
        </button>
        <button type="button" className="button" aria-pressed={part === 'text'} onClick={() => setPart('text')}>
          Plain text
        </button>
      </div>
      {part === 'html' ? (
        // the HTML part from the server with its own policy (inline styles, no scripts): a srcdoc frame would get the
        // editor's policy, which blocks inline styles
        <iframe className="email-frame" title={`Preview of the ${p.subject} email`} sandbox="" src={`/api/sites/${encodeURIComponent(siteId)}/notifications/emails/${encodeURIComponent(p.name)}/preview.html`} />
      ) : (
        <pre className="email-text">{p.text}</pre>
      )}
      <p className="field-hint">Sample data, in your site&apos;s name and colours. The templates live in the theme (emails folder).</p>
    </div>
  )
}

export function EmailsScreen() {
  const { api } = useCommerce()
  const [list, setList] = useState<EmailTemplateSummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [selected, setSelected] = useState<string | null>(null)

  const fetchList = useCallback(async () => {
    setError(null)
    const r = await api.emailTemplates()
    if (!r.ok) return setError(r.error.message)
    setList(r.data)
    setSelected((s) => s ?? r.data[0]?.name ?? null)
  }, [api])
  useEffect(() => {
    void fetchList()
  }, [fetchList])

  return (
    <div className="emails-screen">
      <NotificationSettingsPanel />
      <section className="email-templates" aria-labelledby="email-templates-title">
        <h2 id="email-templates-title">Emails</h2>
        {error && <LoadError message={error} retry={() => void fetchList()} />}
        {!list && !error && <Loading what="the emails" />}
        {list && (
          <div className="email-browser">
            <nav className="email-list" aria-label="Email templates">
              {(['shopper', 'owner'] as const).map((audience) => (
                <div key={audience}>
                  <h3>{audience === 'shopper' ? 'To shoppers' : 'To you'}</h3>
                  <ul>
                    {list
                      .filter((e) => e.audience === audience)
                      .map((e) => (
                        <li key={e.name}>
                          <button type="button" className="email-list-item" aria-current={selected === e.name ? 'true' : undefined} onClick={() => setSelected(e.name)}>
                            {e.title}
                          </button>
                        </li>
                      ))}
                  </ul>
                </div>
              ))}
            </nav>
            {selected && <Preview key={selected} name={selected} />}
          </div>
        )}
      </section>
    </div>
  )
}
