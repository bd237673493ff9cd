// Contributors of the site (Settings, for roles holding the 'contributors' capability): invite by email to a
// website role, change a role, remove someone, withdraw an invitation, hand the site to another contributor.
import { useCallback, useEffect, useState } from 'react'
import { createApiClient } from '../api/client.js'
import type { SiteSummary } from '../api/types.js'

interface Contributor {
  ownerId: string
  email: string
  name: string
  role: number
  roleName: string
  owner: boolean
}
interface Invitation {
  id: string
  email: string
  role: number
  roleName: string
}
interface Data {
  contributors: Contributor[]
  invitations: Invitation[]
  roles: { id: number; name: string }[]
}

const label = (name: string) => name.charAt(0) + name.slice(1).toLowerCase().replace(/_/g, ' ')

export function ContributorsScreen({ site }: { site: SiteSummary }) {
  const base = `/api/sites/${encodeURIComponent(String(site.id))}/contributors`
  const [data, setData] = useState<Data | null>(null)
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState(4)

  const load = useCallback(async () => {
    const r = await createApiClient().get<Data>(base)
    if (r.ok) setData(r.data)
    else setMessage({ kind: 'alert', text: r.error.message })
  }, [base])
  useEffect(() => void load(), [load])

  const act = async (call: Promise<{ ok: boolean; error?: { message: string } }>, done: string) => {
    const r = await call
    setMessage(r.ok ? { kind: 'status', text: done } : { kind: 'alert', text: r.error?.message ?? 'Something went wrong.' })
    await load()
    return r.ok
  }
  const client = createApiClient()

  return (
    <section className="contributors" aria-labelledby="contributors-title">
      <h2 id="contributors-title">Contributors</h2>
      {message && (
        <p className={message.kind === 'alert' ? 'alert' : 'status'} role={message.kind}>
          {message.text}
        </p>
      )}
      {!data ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Role</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.contributors.map((c) => (
                <tr key={c.ownerId}>
                  <td>
                    {c.name || c.email}
                    {c.name && <div className="muted">{c.email}</div>}
                    {c.owner && <div className="muted">Owner</div>}
                  </td>
                  <td>
                    <select aria-label={`Role of ${c.email}`} value={c.role} disabled={c.owner} onChange={(e) => void act(client.patch(`${base}/${c.ownerId}`, { role: Number(e.target.value) }), `${c.email} is now ${label(data.roles.find((r) => r.id === Number(e.target.value))?.name ?? '')}.`)}>
                      {data.roles.map((r) => (
                        <option key={r.id} value={r.id}>
                          {label(r.name)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    {!c.owner && (
                      <span className="row-actions">
                        <button type="button" className="button secondary small" onClick={() => void act(client.post(`${base}/transfer`, { ownerId: c.ownerId }), `${c.email} now owns the site.`)}>
                          Make owner
                        </button>
                        <button type="button" className="button secondary small" onClick={() => void act(client.del(`${base}/${c.ownerId}`), `${c.email} was removed.`)}>
                          Remove
                        </button>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
              {data.invitations.map((i) => (
                <tr key={i.id}>
                  <td>
                    {i.email}
                    <div className="muted">Invited</div>
                  </td>
                  <td>{label(i.roleName)}</td>
                  <td>
                    <button type="button" className="button secondary small" onClick={() => void act(client.del(`${base}/invitations/${i.id}`), `The invitation to ${i.email} was withdrawn.`)}>
                      Withdraw
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <form
            className="invite-form"
            onSubmit={(e) => {
              e.preventDefault()
              void act(client.post(`${base}/invitations`, { email, role }), `An invitation was sent to ${email}.`).then((ok) => ok && setEmail(''))
            }}
          >
            <h3>Invite someone</h3>
            <label htmlFor="invite-email">Email</label>
            <input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            <label htmlFor="invite-role">Role</label>
            <select id="invite-role" value={role} onChange={(e) => setRole(Number(e.target.value))}>
              {data.roles.map((r) => (
                <option key={r.id} value={r.id}>
                  {label(r.name)}
                </option>
              ))}
            </select>
            <button type="submit" className="button primary">
              Send invitation
            </button>
          </form>
        </>
      )}
    </section>
  )
}
