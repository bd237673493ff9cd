// Site members (the 'members' capability; the plan needs SITE_USER_ACCOUNTS): search by name or email, filter by
// tag, tags added and removed, comp access, removal after confirmation, CSV export; then the member areas.
import { useCallback, useEffect, useId, useState } from 'react'
import type { MemberChangeInput, MemberListView, OwnerMember } from '@sitewright/contracts'
import { createMembersApi, type MembersApi } from '../api/members.js'
import type { SiteSummary } from '../api/types.js'
import { ConfirmDialog } from '../ui/ConfirmDialog.js'
import { MemberAreas } from './MemberAreas.js'
import { MemberRow } from './MemberRow.js'
import './members.css'

export function MembersScreen({ site, api }: { site: SiteSummary; api?: MembersApi }) {
  const [members] = useState(() => api ?? createMembersApi())
  const siteId = String(site.id)
  const id = useId()
  const [draft, setDraft] = useState('')
  const [query, setQuery] = useState({ q: '', tag: '', page: 1 })
  const [data, setData] = useState<MemberListView | null>(null)
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [removing, setRemoving] = useState<OwnerMember | null>(null)

  const load = useCallback(async () => {
    const res = await members.list(siteId, query)
    if (res.ok) setData(res.data)
    else setMessage({ kind: 'alert', text: res.error.message })
  }, [members, siteId, query])
  useEffect(() => void load(), [load])

  async function change(m: OwnerMember, patch: MemberChangeInput) {
    setBusy(m.id)
    const res = await members.change(siteId, m.id, patch)
    setBusy(null)
    if (!res.ok) return setMessage({ kind: 'alert', text: res.error.fields.addTags ?? res.error.message })
    setMessage(null)
    setData(
      (d) =>
        d && {
          ...d,
          members: d.members.map((x) => (x.id === m.id ? res.data.member : x)),
          tags: [...new Set([...d.tags, ...res.data.member.tags])].sort(),
        },
    )
  }

  async function remove(m: OwnerMember) {
    setRemoving(null)
    setBusy(m.id)
    const res = await members.remove(siteId, m.id)
    setBusy(null)
    setMessage(
      res.ok
        ? { kind: 'status', text: `${m.name || m.email} was removed.` }
        : { kind: 'alert', text: res.error.message },
    )
    await load()
  }

  const first = data ? (data.page - 1) * data.pageSize + 1 : 0
  const last = data ? first + data.members.length - 1 : 0
  return (
    <section className="members-screen" aria-labelledby="members-title">
      <h1 id="members-title" tabIndex={-1}>
        Members
      </h1>
      <p className="lead">People with a member account on {site.title}.</p>
      <form
        className="member-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setQuery((q) => ({ ...q, q: draft.trim(), page: 1 }))
        }}
      >
        <div className="search-field grow">
          <label htmlFor={`${id}-q`}>Search by name or email</label>
          <input id={`${id}-q`} type="search" value={draft} maxLength={200} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <div className="search-field">
          <label htmlFor={`${id}-tag`}>Tag</label>
          <select id={`${id}-tag`} value={query.tag} onChange={(e) => setQuery((q) => ({ ...q, tag: e.target.value, page: 1 }))}>
            <option value="">All members</option>
            {data?.tags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button primary small">
          Search
        </button>
        <a className="button secondary small" href={members.csvUrl(siteId, query)} download="members.csv">
          Export CSV
        </a>
      </form>
      {message && (
        <p className={message.kind === 'alert' ? 'alert' : 'status'} role={message.kind}>
          {message.text}
        </p>
      )}
      {!data ? (
        <p role="status">Loading members…</p>
      ) : data.members.length === 0 ? (
        <p className="empty-members">
          {query.q || query.tag
            ? 'No member matches this search.'
            : 'No members yet. Visitors become members when they sign up on a members-only page.'}
        </p>
      ) : (
        <>
          <p className="muted" role="status">
            {data.total === 1 ? '1 member' : `${first}–${last} of ${data.total} members`}
          </p>
          <div className="table-scroll">
            <table className="data-table members-table">
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">Email status</th>
                  <th scope="col">Tags</th>
                  <th scope="col">Access</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.members.map((m) => (
                  <MemberRow
                    key={m.id}
                    member={m}
                    busy={busy === m.id}
                    onChange={(p) => void change(m, p)}
                    onRemove={() => setRemoving(m)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {data.total > data.pageSize && (
            <div className="pager">
              <button
                type="button"
                className="button secondary small"
                disabled={data.page <= 1}
                onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
              >
                Previous
              </button>
              <button
                type="button"
                className="button secondary small"
                disabled={last >= data.total}
                onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
              >
                Next
              </button>
            </div>
          )}
        </>
      )}
      <MemberAreas siteId={siteId} api={members} tags={data?.tags ?? []} />
      {removing && (
        <ConfirmDialog
          title="Remove member"
          message={`Remove ${removing.name || removing.email} (${removing.email})? Their account, sessions and saved addresses are deleted. This cannot be undone.`}
          confirmLabel="Remove member"
          cancelLabel="Keep member"
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        />
      )}
    </section>
  )
}
