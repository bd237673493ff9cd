// Member areas (members-only pages and the Member areas section) with who may read each: every signed-in member, or
// members carrying a tag. Members with comp access read every area.
import { useCallback, useEffect, useId, useState } from 'react'
import type { MemberAreaView } from '@sitewright/contracts'
import type { MembersApi } from '../api/members.js'

function AreaRow({
  area,
  tags,
  onSave,
}: {
  area: MemberAreaView
  tags: string[]
  onSave(rule: 'members' | 'tag', tag: string): Promise<string | null>
}) {
  const id = useId()
  const [rule, setRule] = useState(area.rule)
  const [tag, setTag] = useState(area.tag)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const changed = rule !== area.rule || (rule === 'tag' && tag !== area.tag)
  return (
    <li className="area-row">
      <div className="area-title">
        <strong>{area.title}</strong> <span className="muted">{area.fullUrl}</span>
      </div>
      <form
        className="area-rule"
        onSubmit={(e) => {
          e.preventDefault()
          void onSave(rule, tag).then((error) =>
            setMessage(error ? { ok: false, text: error } : { ok: true, text: 'Saved.' }),
          )
        }}
      >
        <label htmlFor={`${id}-rule`}>Who may read it</label>
        <select id={`${id}-rule`} value={rule} onChange={(e) => setRule(e.target.value as 'members' | 'tag')}>
          <option value="members">Every signed-in member</option>
          <option value="tag">Members with a tag</option>
        </select>
        {rule === 'tag' && (
          <>
            <label htmlFor={`${id}-tag`}>Tag</label>
            <input
              id={`${id}-tag`}
              list={`${id}-tags`}
              value={tag}
              maxLength={50}
              onChange={(e) => setTag(e.target.value)}
            />
            <datalist id={`${id}-tags`}>
              {tags.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </>
        )}
        <button type="submit" className="button secondary small" disabled={!changed}>
          Save
        </button>
        {message && (
          <span className={message.ok ? 'status' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </span>
        )}
      </form>
    </li>
  )
}

export function MemberAreas({ siteId, api, tags }: { siteId: string; api: MembersApi; tags: string[] }) {
  const [areas, setAreas] = useState<MemberAreaView[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(async () => {
    const res = await api.areas(siteId)
    if (res.ok) setAreas(res.data.areas)
    else setError(res.error.message)
  }, [api, siteId])
  useEffect(() => void load(), [load])

  return (
    <section className="member-areas" aria-labelledby="areas-title">
      <h2 id="areas-title">Member areas</h2>
      <p className="muted">Members with comp access read every area without paying.</p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {!areas ? (
        !error && <p role="status">Loading areas…</p>
      ) : areas.length === 0 ? (
        <p>
          No member areas yet. Lock a page to members, or put pages in the Member areas section, under Pages.
        </p>
      ) : (
        <ul className="area-list">
          {areas.map((a) => (
            <AreaRow
              key={a.id}
              area={a}
              tags={tags}
              onSave={async (rule, tag) => {
                const res = await api.setArea(siteId, a.id, rule === 'tag' ? { rule, tag } : { rule })
                if (!res.ok) return res.error.fields.tag ?? res.error.message
                setAreas((list) => list?.map((x) => (x.id === a.id ? res.data.area : x)) ?? null)
                return null
              }}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
