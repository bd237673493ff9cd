// Settings -> Connected accounts: the site's connected-account links (an online food-ordering page, ...), each
// closing the published site's main navigation. Lists them (service, title, address); adds, edits and removes one
// at a time, saving the whole list through the site profile (PATCH content/profile); the server's messages are
// shown under the fields.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { CONNECTED_LINKS_MAX } from '@sitewright/contracts'
import { createProfileApi, type ConnectedLink, type ProfileApi } from '../api/profile.js'
import type { SiteSummary } from '../api/types.js'
import { useUnsavedChanges } from '../app/navigation.js'
import { ConfirmDialog } from '../ui/ConfirmDialog.js'
import { FormAlert, SelectField, TextField } from '../ui/fields.js'
import {
  checkDraft,
  chooseProvider,
  defaultTitle,
  draftOf,
  emptyDraft,
  isProvider,
  linkOf,
  listWith,
  PROVIDERS,
  providerLabel,
  serverErrors,
  type LinkDraft,
  type LinkErrors,
} from './connectedLinks.js'
import { SettingsHeader } from './SettingsHeader.js'
import './connected-accounts.css'

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; links: ConnectedLink[] }

/** The entry being written: a new one (index null) or entry `index`, with what it started as. */
interface Editing {
  index: number | null
  start: LinkDraft
  draft: LinkDraft
}

const quoted = (title: string) => `“${title}”`

export function ConnectedAccountsScreen({ site, api: given }: { site: SiteSummary; api?: ProfileApi }) {
  const siteId = String(site.id)
  const api = useMemo(() => given ?? createProfileApi(), [given])
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [editing, setEditing] = useState<Editing | null>(null)
  const [errors, setErrors] = useState<LinkErrors>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [notice, setNotice] = useState('')
  const [saving, setSaving] = useState(false)
  const [removing, setRemoving] = useState<number | null>(null)
  const [focusTick, setFocusTick] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  const headingId = useId()

  const fetchLinks = useCallback(async () => {
    setLoad({ status: 'loading' })
    const res = await api.get(siteId)
    setLoad(res.ok ? { status: 'ready', links: res.data.profile.connectedLinks } : { status: 'error', message: res.error.message })
  }, [api, siteId])

  useEffect(() => {
    void fetchLinks()
  }, [fetchLinks])

  const dirty = !!editing && (['provider', 'title', 'url'] as const).some((k) => editing.draft[k].trim() !== editing.start[k].trim())
  useUnsavedChanges(dirty)

  // the first field with a message, else the form's first field, takes focus when the form opens or a save fails
  useEffect(() => {
    if (!focusTick) return
    const form = formRef.current
    ;(form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('select, input'))?.focus()
  }, [focusTick])

  const links = load.status === 'ready' ? load.links : []

  function open(index: number | null) {
    const start = index === null ? emptyDraft() : draftOf(links[index]!)
    setEditing({ index, start, draft: start })
    setErrors({})
    setAlert(null)
    setNotice('')
    setFocusTick((t) => t + 1)
  }

  function close() {
    setEditing(null)
    setErrors({})
    setAlert(null)
    // back to where the owner started from
    requestAnimationFrame(() => addRef.current?.focus())
  }

  function change(next: LinkDraft, field: keyof LinkDraft) {
    setEditing((e) => (e ? { ...e, draft: next } : e))
    setErrors((er) => ({ ...er, [field]: undefined, ...(field === 'provider' ? { title: undefined } : {}) }))
  }

  async function save(list: ConnectedLink[]) {
    setSaving(true)
    const res = await api.update(siteId, { connectedLinks: list })
    setSaving(false)
    if (res.ok) setLoad({ status: 'ready', links: res.data.profile.connectedLinks })
    return res
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!editing || saving) return
    setAlert(null)
    const found = checkDraft(editing.draft)
    setErrors(found)
    if (Object.keys(found).length) return setFocusTick((t) => t + 1)
    const index = editing.index ?? links.length
    const res = await save(listWith(links, editing.index, linkOf(editing.draft)))
    if (!res.ok) {
      const { errors: mine, other } = serverErrors(res.error.fields, index)
      setErrors(mine)
      // messages placed under the fields need no other words; the rest (about the list, another entry) or a
      // failure without any field message shows above the form
      setAlert(other.length ? other.join(' ') : Object.keys(mine).length ? null : res.error.message)
      return setFocusTick((t) => t + 1)
    }
    const saved = res.data.profile.connectedLinks[index]
    setNotice(saved ? `${quoted(saved.title)} ${editing.index === null ? 'was added to' : 'was saved in'} the site's navigation.` : 'Saved.')
    close()
  }

  async function remove(index: number) {
    const gone = links[index]
    setRemoving(null)
    setNotice('')
    setAlert(null)
    const res = await save(links.filter((_, i) => i !== index))
    if (!res.ok) return setAlert(res.error.message)
    setNotice(`${quoted(gone?.title ?? '')} was removed from the site's navigation.`)
    if (editing?.index === index) setEditing(null)
    requestAnimationFrame(() => addRef.current?.focus())
  }

  const serviceOptions = [
    { value: '', label: 'Choose a service…' },
    ...PROVIDERS.map((p) => ({ value: p, label: providerLabel(p) })),
  ]

  return (
    <section className="settings connected-accounts" aria-labelledby="settings-title">
      <SettingsHeader site={site} current="connected-accounts" />
      <h2 id={headingId}>Connected accounts</h2>
      <p className="muted connected-intro">
        Links to the outside services your site works with, such as an online food-ordering page. Each one is added at
        the end of your site's main navigation.
      </p>
      <p className="save-status connected-notice" role="status" aria-live="polite">
        {notice}
      </p>
      {!editing && <FormAlert message={alert} />}
      {load.status === 'loading' && <p role="status">Loading connected accounts…</p>}
      {load.status === 'error' && (
        <div className="alert" role="alert">
          {load.message}{' '}
          <button type="button" className="button secondary small" onClick={() => void fetchLinks()}>
            Try again
          </button>
        </div>
      )}
      {load.status === 'ready' && (
        <>
          {links.length === 0 ? (
            <p className="connected-empty">No connected accounts yet.</p>
          ) : (
            <table className="connected-links" aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">Service</th>
                  <th scope="col">Title in the navigation</th>
                  <th scope="col">Address</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {links.map((l, i) => (
                  <tr key={`${i}-${l.url}`} aria-current={editing?.index === i ? 'true' : undefined}>
                    <td data-label="Service">{isProvider(l.provider) ? providerLabel(l.provider) : l.provider}</td>
                    <td data-label="Title">
                      <strong>{l.title}</strong>
                    </td>
                    <td data-label="Address" className="connected-url">
                      <a href={l.url} target="_blank" rel="noreferrer">
                        {l.url}
                      </a>
                    </td>
                    <td className="connected-actions">
                      <span className="row-actions">
                        <button type="button" className="button secondary small" aria-label={`Edit ${l.title}`} disabled={saving} onClick={() => open(i)}>
                          Edit
                        </button>
                        <button type="button" className="button secondary small" aria-label={`Remove ${l.title}`} disabled={saving} onClick={() => setRemoving(i)}>
                          Remove
                        </button>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {!editing &&
            (links.length < CONNECTED_LINKS_MAX ? (
              <button ref={addRef} type="button" className="button primary" onClick={() => open(null)}>
                Add a connected account
              </button>
            ) : (
              <p className="muted">A site has at most {CONNECTED_LINKS_MAX} connected accounts: remove one to add another.</p>
            ))}
          {editing && (
            <form ref={formRef} className="connected-form" onSubmit={onSubmit} noValidate aria-busy={saving}>
              <fieldset>
                <legend>{editing.index === null ? 'Add a connected account' : `Edit ${quoted(links[editing.index]?.title ?? '')}`}</legend>
                <FormAlert message={alert} />
                <SelectField
                  name="provider"
                  label="Service"
                  value={editing.draft.provider}
                  options={serviceOptions}
                  onChange={(v) => change(chooseProvider(editing.draft, isProvider(v) ? v : ''), 'provider')}
                  error={errors.provider}
                />
                <TextField
                  name="title"
                  label="Title"
                  value={editing.draft.title}
                  onChange={(v) => change({ ...editing.draft, title: v }, 'title')}
                  error={errors.title}
                  hint={
                    editing.draft.provider
                      ? `Shown in the site's navigation; left empty, it reads ${quoted(defaultTitle(editing.draft.provider))}.`
                      : "Shown in the site's navigation."
                  }
                />
                <TextField
                  name="url"
                  type="url"
                  label="Address"
                  value={editing.draft.url}
                  onChange={(v) => change({ ...editing.draft, url: v }, 'url')}
                  error={errors.url}
                  hint="The page visitors go to, starting with https://"
                />
                <div className="form-actions">
                  <button type="submit" className="button primary" disabled={saving}>
                    {saving ? 'Saving…' : editing.index === null ? 'Add' : 'Save'}
                  </button>
                  <button type="button" className="button secondary" disabled={saving} onClick={close}>
                    Cancel
                  </button>
                </div>
              </fieldset>
            </form>
          )}
        </>
      )}
      {removing !== null && links[removing] && (
        <ConfirmDialog
          title="Remove connected account"
          message={`Remove ${quoted(links[removing].title)} (${links[removing].url}) from the site's navigation?`}
          confirmLabel="Remove"
          cancelLabel="Keep it"
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        />
      )}
    </section>
  )
}
