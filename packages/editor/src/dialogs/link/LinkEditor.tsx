// The Link Editor dialog: Page, Web Address, Email, Phone or File, validated with the spec's messages on save.
import { useId, useState } from 'react'
import { Dialog } from '../../ui/Dialog.js'
import { CheckboxField } from '../../ui/fields.js'
import { LineField } from '../../ui/moreFields.js'
import { LINK_KINDS, LINK_KIND_LABELS, checkLink, parseLink, type LinkDraft, type LinkTargets } from './link.js'

interface Props {
  url: string
  newWindow: boolean
  targets: LinkTargets
  onSave(url: string, newWindow: boolean): void
  onClose(): void
}

export function LinkEditor({ url, newWindow, targets, onSave, onClose }: Props) {
  const [draft, setDraft] = useState<LinkDraft>(() => parseLink(url, newWindow))
  const [error, setError] = useState<string | null>(null)
  const kindId = useId()
  const set = (patch: Partial<LinkDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    setError(null)
  }

  function save() {
    const result = checkLink(draft, targets)
    if (!result.ok) return setError(result.error)
    onSave(result.url, draft.newWindow)
  }

  return (
    <Dialog
      title="Link Editor"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button primary" onClick={save}>
            Save link
          </button>
        </>
      }
    >
      <fieldset className="segmented">
        <legend id={kindId}>Link to</legend>
        {LINK_KINDS.map((k) => (
          <label key={k} className={draft.kind === k ? 'active' : undefined}>
            <input type="radio" name={kindId} value={k} checked={draft.kind === k} onChange={() => set({ kind: k, value: '' })} />
            {LINK_KIND_LABELS[k]}
          </label>
        ))}
      </fieldset>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          save()
        }}
      >
        {draft.kind === 'file' ? (
          <FilePicker value={draft.value} files={targets.files} error={error} onChange={(value) => set({ value })} />
        ) : (
          <>
            <LineField
              label={FIELD_LABELS[draft.kind] ?? 'Link'}
              type={draft.kind === 'email' ? 'email' : draft.kind === 'phone' ? 'tel' : 'text'}
              value={draft.value}
              placeholder={PLACEHOLDERS[draft.kind]}
              error={error ?? undefined}
              onChange={(value) => set({ value })}
            />
            {draft.kind === 'page' && <PageChoices pages={targets.pages} onPick={(value) => set({ value })} />}
          </>
        )}
        <CheckboxField name="newWindow" label="Open in a new window" checked={draft.newWindow} onChange={(v) => set({ newWindow: v })} />
        <button type="submit" hidden />
      </form>
    </Dialog>
  )
}

const FIELD_LABELS: Record<string, string> = { page: 'Page URL', web: 'Web address', email: 'Email address', phone: 'Phone number' }
const PLACEHOLDERS: Record<string, string> = { page: '/about', web: 'example.com', email: 'name@example.com', phone: '+1 555 010 9999' }

function PageChoices({ pages, onPick }: { pages: LinkTargets['pages']; onPick(path: string): void }) {
  if (!pages.length) return null
  return (
    <ul className="choice-list" aria-label="Pages">
      {pages.map((p) => (
        <li key={p.path}>
          <button type="button" className="link-button" onClick={() => onPick(p.path)}>
            {p.title} <span className="muted">{p.path}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

function FilePicker({ value, files, error, onChange }: { value: string; files: LinkTargets['files']; error: string | null; onChange(v: string): void }) {
  const id = useId()
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>File</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-e` : undefined}>
        <option value="">Choose a file…</option>
        {files.map((f) => (
          <option key={f.assetUrl} value={f.assetUrl}>
            {f.filename}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-e`} className="field-error" data-field-error>
          {error}
        </p>
      )}
    </div>
  )
}
