// Orders, newest first, a page at a time, with search (order number or email) and a status filter: both run on the
// server (GET .../orders?q=&status=), so they cover every order, not just the page shown.
import { useCallback, useEffect, useId, useState } from 'react'
import { Link } from '../../app/navigation.js'
import { SelectField } from '../../ui/fields.js'
import type { OrderQuery } from '../api.js'
import { useCommerce } from '../context.js'
import { formatMoney } from '../money.js'
import { ORDER_STATUSES, type OrderPage } from '@sitewright/contracts'
import { Badge, formatDate, LoadError, Loading } from '../ui.js'

export const ORDERS_PAGE_SIZE = 25

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: OrderPage }

export const statusLabel = (s: string) => s[0]!.toUpperCase() + s.slice(1)

export function OrdersList() {
  const { api, path, timeZone } = useCommerce()
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [applied, setApplied] = useState('')
  const [status, setStatus] = useState('')
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const searchId = useId()

  const fetchPage = useCallback(async () => {
    setLoad({ status: 'loading' })
    const query: OrderQuery = { page, pageSize: ORDERS_PAGE_SIZE, q: applied.trim(), status: status as OrderQuery['status'] }
    const res = await api.orders(query)
    setLoad(res.ok ? { status: 'ready', page: res.data } : { status: 'error', message: res.error.message })
  }, [api, page, applied, status])

  useEffect(() => {
    void fetchPage()
  }, [fetchPage])

  const data = load.status === 'ready' ? load.page : null
  const rows = data ? data.orders : []
  const pages = data ? Math.max(1, Math.ceil(data.total / ORDERS_PAGE_SIZE)) : 1
  return (
    <div className="orders">
      <form
        className="toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(1)
          setApplied(search)
        }}
      >
        <div className="field">
          <label htmlFor={searchId}>Search orders</label>
          <input id={searchId} type="search" value={search} placeholder="Order number or email" onChange={(e) => setSearch(e.target.value)} />
        </div>
        <button type="submit" className="button secondary small">
          Search
        </button>
        <SelectField
          name="orderStatus"
          label="Status"
          value={status}
          options={[{ value: '', label: 'All' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))]}
          onChange={(v) => {
            setPage(1)
            setStatus(v)
          }}
        />
      </form>
      {load.status === 'loading' && <Loading what="orders" />}
      {load.status === 'error' && <LoadError message={load.message} retry={() => void fetchPage()} />}
      {data && rows.length === 0 && <p>{applied.trim() || status ? 'No order matches.' : 'No orders yet.'}</p>}
      {data && rows.length > 0 && (
        <table className="data-table orders-table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Customer</th>
              <th scope="col">Items</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id}>
                <th scope="row">
                  <Link to={path('orders', o.id)}>#{o.number}</Link>{' '}
                  {o.kind === 'donation' && (
                    <>
                      <Badge tone="donation">Donation</Badge>{' '}
                    </>
                  )}
                  {o.testMode && <Badge tone="test">Test</Badge>}
                </th>
                <td data-label="Date">{formatDate(o.created, timeZone)}</td>
                <td data-label="Customer">{o.email}</td>
                <td data-label="Items">{o.totalQuantity}</td>
                <td data-label="Total">{formatMoney(o.totalCents, o.currency)}</td>
                <td data-label="Status">
                  <Badge tone="status">{statusLabel(o.status)}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && pages > 1 && (
        <div className="pager">
          <button type="button" className="button secondary small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages} ({data.total} orders)
          </span>
          <button type="button" className="button secondary small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </div>
  )
}
