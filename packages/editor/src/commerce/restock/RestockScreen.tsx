// Restock: sign-up groups per product variant (waiting and already-alerted counts, stock), each group's list of
// sign-ups, "Send" per group and "Send all" (alerts go out in sign-up order, as many as the stock allows), and the
// automatic send when stock returns.
import { useCallback, useEffect, useState } from 'react'
import type { RestockSignUp, RestockSignUpGroup } from '@sitewright/contracts'
import { useCommerce } from '../context.js'
import { formatDate, LoadError, Loading } from '../ui.js'
import '../reviews-restock.css'

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; groups: RestockSignUpGroup[]; next: string | null }

const keyOf = (g: { productId: string; variantId: string }) => `${g.productId}/${g.variantId}`

function variantName(g: RestockSignUpGroup): string {
  const attrs = Object.entries(g.attributes ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')
  return attrs ? `${g.productTitle ?? 'Deleted product'} (${attrs})` : (g.productTitle ?? 'Deleted product')
}

function stockText(g: RestockSignUpGroup): string {
  return g.unlimited ? 'Unlimited' : g.qtyInStock > 0 ? `${g.qtyInStock} in stock` : 'Sold out'
}

export function RestockScreen() {
  const { api } = useCommerce()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [open, setOpen] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [autoSend, setAutoSend] = useState<boolean | null>(null)

  const fetchGroups = useCallback(
    async (cursor?: string) => {
      if (!cursor) setLoad({ status: 'loading' })
      const res = await api.restockGroups(cursor)
      if (!res.ok) return setLoad({ status: 'error', message: res.error.message })
      setLoad((l) => ({
        status: 'ready',
        groups:
          cursor && l.status === 'ready' ? [...l.groups, ...res.data.signUpGroups] : res.data.signUpGroups,
        next: res.data.hasNextPage ? res.data.nextPageCursor : null,
      }))
    },
    [api],
  )
  useEffect(() => {
    void fetchGroups()
    void api.restockAutoSend().then((r) => r.ok && setAutoSend(r.data))
  }, [api, fetchGroups])

  const sendable = (g: RestockSignUpGroup) => g.waiting > 0 && (g.unlimited || g.qtyInStock > 0)

  async function send(groups: RestockSignUpGroup[], key: string) {
    setBusy(key)
    setError(null)
    setNotice(null)
    const res =
      groups.length === 1
        ? await api.restockSend(groups[0]!.productId, groups[0]!.variantId)
        : await api.restockSendAll(groups.map((g) => ({ productId: g.productId, variantId: g.variantId })))
    setBusy(null)
    if (!res.ok) return setError(res.error.message)
    const n = typeof res.data === 'number' ? res.data : res.data.reduce((a, r) => a + r.notified, 0)
    setNotice(
      n
        ? `Sent ${n} restock alert${n === 1 ? '' : 's'}.`
        : 'Nobody could be alerted: there is no stock for the people waiting.',
    )
    void fetchGroups()
  }

  async function toggleAuto(on: boolean) {
    setAutoSend(on)
    const res = await api.setRestockAutoSend(on)
    if (!res.ok) {
      setAutoSend(!on)
      setError(res.error.message)
    }
  }

  const ready = load.status === 'ready' ? load.groups.filter(sendable) : []
  return (
    <div className="restock-admin">
      <div className="toolbar">
        <button
          type="button"
          className="button small"
          disabled={!ready.length || busy !== null}
          onClick={() => void send(ready, '*')}
        >
          {busy === '*' ? 'Sending…' : `Send all${ready.length ? ` (${ready.length})` : ''}`}
        </button>
        {autoSend !== null && (
          <span className="checkbox-field">
            <input id="restock-auto-send" type="checkbox" checked={autoSend} onChange={(e) => void toggleAuto(e.target.checked)} />
            <label htmlFor="restock-auto-send">Send alerts automatically when stock returns</label>
          </span>
        )}
      </div>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      {load.status === 'loading' && <Loading what="restock sign-ups" />}
      {load.status === 'error' && <LoadError message={load.message} retry={() => void fetchGroups()} />}
      {load.status === 'ready' && load.groups.length === 0 && (
        <p>Nobody has asked to hear about a sold-out item yet.</p>
      )}
      {load.status === 'ready' && load.groups.length > 0 && (
        <table className="data-table restock-groups">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Stock</th>
              <th scope="col">Waiting</th>
              <th scope="col">Alerted</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.groups.map((g) => {
              const k = keyOf(g)
              return (
                <GroupRows
                  key={k}
                  group={g}
                  open={open === k}
                  toggle={() => setOpen(open === k ? null : k)}
                  sending={busy === k}
                  canSend={sendable(g) && busy === null}
                  send={() => void send([g], k)}
                />
              )
            })}
          </tbody>
        </table>
      )}
      {load.status === 'ready' && load.next && (
        <button
          type="button"
          className="button secondary small"
          onClick={() => void fetchGroups(load.next ?? undefined)}
        >
          Show more
        </button>
      )}
    </div>
  )
}

function GroupRows(props: {
  group: RestockSignUpGroup
  open: boolean
  toggle(): void
  sending: boolean
  canSend: boolean
  send(): void
}) {
  const g = props.group
  return (
    <>
      <tr>
        <th scope="row">{variantName(g)}</th>
        <td>{stockText(g)}</td>
        <td>{g.waiting}</td>
        <td>{g.notified}</td>
        <td className="row-actions">
          <button
            type="button"
            className="button secondary small"
            aria-expanded={props.open}
            onClick={props.toggle}
          >
            {props.open ? 'Hide sign-ups' : 'Sign-ups'}
          </button>
          <button
            type="button"
            className="button small"
            disabled={!props.canSend}
            onClick={props.send}
            aria-label={`Send alerts for ${variantName(g)}`}
          >
            {props.sending ? 'Sending…' : 'Send'}
          </button>
        </td>
      </tr>
      {props.open && (
        <tr>
          <td colSpan={5}>
            <SignUps group={g} />
          </td>
        </tr>
      )}
    </>
  )
}

function SignUps({ group }: { group: RestockSignUpGroup }) {
  const { api, timeZone } = useCommerce()
  const [rows, setRows] = useState<RestockSignUp[] | null>(null)
  const [next, setNext] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const more = useCallback(
    async (cursor?: string) => {
      const res = await api.restockSignUps(group.productId, group.variantId, cursor)
      if (!res.ok) return setError(res.error.message)
      setRows((r) => (cursor && r ? [...r, ...res.data.signUps] : res.data.signUps))
      setNext(res.data.hasNextPage ? res.data.nextPageCursor : null)
    },
    [api, group.productId, group.variantId],
  )
  useEffect(() => {
    void more()
  }, [more])
  if (error) return <p className="field-error">{error}</p>
  if (!rows) return <Loading what="sign-ups" />
  return (
    <>
      <div className="table-scroll">
        <table className="data-table restock-signups" aria-label={`Sign-ups for ${variantName(group)}`}>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Signed up</th>
              <th scope="col">Newsletter</th>
              <th scope="col">Alerted</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id}>
                <td className="restock-email">{s.email}</td>
                <td>{formatDate(s.createdOn, timeZone)}</td>
                <td>{s.isJoinMailingList ? 'Yes' : 'No'}</td>
                <td>{s.notifiedOn ? formatDate(s.notifiedOn, timeZone) : 'Waiting'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {next && (
        <button type="button" className="button secondary small" onClick={() => void more(next)}>
          More sign-ups
        </button>
      )}
    </>
  )
}
