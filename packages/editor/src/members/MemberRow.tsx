// One member in the owner's list: name and email, verified or not, tags (remove each, add one), comp access, remove.
import { useId, useState } from 'react'
import type { MemberChangeInput, OwnerMember } from '@sitewright/contracts'

interface Props {
  member: OwnerMember
  busy: boolean
  onChange(patch: MemberChangeInput): void
  onRemove(): void
}

export function MemberRow({ member: m, busy, onChange, onRemove }: Props) {
  const id = useId()
  const [tag, setTag] = useState('')
  const who = m.name || m.email
  return (
    <tr data-member={m.email}>
      <td>
        <span className="member-name">{m.name || '—'}</span>
        <div className="muted">{m.email}</div>
      </td>
      <td>{m.verified ? 'Verified' : <span className="muted">Not verified</span>}</td>
      <td>
        <ul className="tag-chips" aria-label={`Tags of ${who}`}>
          {m.tags.map((t) => (
            <li key={t} className="tag-chip">
              {t}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove tag ${t} from ${who}`}
                disabled={busy}
                onClick={() => onChange({ removeTags: [t] })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <form
          className="tag-add"
          onSubmit={(e) => {
            e.preventDefault()
            if (!tag.trim()) return
            onChange({ addTags: [tag.trim()] })
            setTag('')
          }}
        >
          <label htmlFor={`${id}-tag`} className="visually-hidden">
            New tag for {who}
          </label>
          <input
            id={`${id}-tag`}
            value={tag}
            maxLength={50}
            placeholder="Add tag"
            onChange={(e) => setTag(e.target.value)}
          />
          <button type="submit" className="button secondary small" disabled={busy || !tag.trim()}>
            Add
          </button>
        </form>
      </td>
      <td>
        <label className="comp-toggle">
          <input
            type="checkbox"
            checked={m.compAccess}
            disabled={busy}
            onChange={(e) => onChange({ compAccess: e.target.checked })}
          />{' '}
          <span>Comp access</span>
          <span className="visually-hidden"> for {who}</span>
        </label>
      </td>
      <td>
        <button
          type="button"
          className="button danger small"
          disabled={busy}
          onClick={onRemove}
          aria-label={`Remove ${who}`}
        >
          Remove
        </button>
      </td>
    </tr>
  )
}
