// Page settings: title, slug (url-slug filter), SEO title and description, lock (password, members-only),
// content status (Draft, Scheduled, Needs Review, Private, or published) with a publishing time when scheduled.
import { useState } from 'react'
import { CONTENT_STATUSES, STATUS_LABELS, type Collection, type CollectionPatch, type ContentStatus, type LockKind } from '../../api/content.js'
import { useServices } from '../../services/services.js'
import { FormAlert, SelectField } from '../../ui/fields.js'
import { LineField, TextAreaField } from '../../ui/moreFields.js'
import { urlSlugWithSlash } from '@sitewright/contracts'
import { MemberAreaAccess } from './MemberAreaAccess.js'

interface Props {
  page: Collection
  onSaved(page: Collection): void
}

function localInput(ms: number | null): string {
  if (!ms) return ''
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export function PageSettings({ page, onSaved }: Props) {
  const { content, siteId } = useServices()
  const [title, setTitle] = useState(page.title)
  const [slug, setSlug] = useState(page.urlId)
  const [seoTitle, setSeoTitle] = useState(page.seoTitle)
  const [seoDescription, setSeoDescription] = useState(page.seoDescription)
  const [lock, setLock] = useState<LockKind>(page.lock)
  const [password, setPassword] = useState('')
  const [status, setStatus] = useState<ContentStatus>(page.status)
  const [publishOn, setPublishOn] = useState(localInput(page.publishOn))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)

  async function save() {
    const e: Record<string, string> = {}
    const filtered = urlSlugWithSlash(slug)
    if (!page.homepage && !filtered) e.urlId = 'Enter a page URL with letters or digits.'
    if (lock === 'password' && !page.passwordSet && !password) e.password = 'Enter a password to lock this page.'
    if (status === 'scheduled' && !(publishOn && new Date(publishOn).getTime() > Date.now()))
      e.publishOn = 'Choose when to publish a scheduled page.'
    setErrors(e)
    if (Object.keys(e).length) return
    const patch: CollectionPatch = { title, seoTitle, seoDescription, lock, status }
    if (!page.homepage) patch.urlId = filtered
    if (lock === 'password' && password) patch.password = password
    if (status === 'scheduled') patch.publishOn = new Date(publishOn).getTime()
    const res = await content.updateCollection(siteId, page.id, patch)
    if (!res.ok) {
      setErrors(res.error.fields)
      return setAlert(res.error.message)
    }
    setAlert(null)
    setSlug(res.data.collection.urlId)
    setPassword('')
    setSaved(true)
    onSaved(res.data.collection)
  }

  return (
    <form
      className="page-settings"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
      onChange={() => setSaved(false)}
    >
      <h2>Page settings</h2>
      <FormAlert message={alert} />
      <LineField label="Page title" value={title} max={200} error={errors.title} onChange={setTitle} />
      {!page.homepage && (
        <LineField label="URL slug" value={slug} max={200} error={errors.urlId} onChange={(v) => setSlug(v)} />
      )}
      {!page.homepage && <p className="field-hint">Address: /{urlSlugWithSlash(slug) || '…'}</p>}
      <LineField label="SEO title" value={seoTitle} max={200} error={errors.seoTitle} onChange={setSeoTitle} />
      <TextAreaField label="SEO description" value={seoDescription} max={500} rows={3} error={errors.seoDescription} onChange={setSeoDescription} />
      <SelectField
        name="lock"
        label="Access"
        value={lock}
        error={errors.lock}
        options={[
          { value: 'none', label: 'Everyone' },
          { value: 'password', label: 'Password protected' },
          { value: 'members', label: 'Members only' },
        ]}
        onChange={(v) => setLock(v as LockKind)}
      />
      {(page.lock === 'members' || page.navigation === '_memberareas') && lock !== 'password' && <MemberAreaAccess pageId={page.id} />}
      {lock === 'password' && (
        <LineField label={page.passwordSet ? 'New password (leave empty to keep)' : 'Password'} type="password" value={password} error={errors.password} onChange={setPassword} />
      )}
      <SelectField name="status" label="Status" value={status} error={errors.status} options={CONTENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} onChange={(v) => setStatus(v as ContentStatus)} />
      {status === 'scheduled' && <LineField label="Publish on" type="datetime-local" value={publishOn} error={errors.publishOn} onChange={setPublishOn} />}
      <div className="form-actions">
        <button type="submit" className="button primary">
          Save settings
        </button>
        {saved && (
          <p className="save-status" role="status">
            Settings saved
          </p>
        )}
      </div>
    </form>
  )
}
