// Inventory: the stock-tracked variants (physical products and services) a page at a time from the server
// (GET .../inventory with a cursor, so a 10,000-variant product costs one page), with search (product or SKU), a
// low-stock filter, inline stock edits and the unlimited toggle. Each change is saved at once (PATCH .../stock).
import { useCallback, useEffect, useId, useState } from 'react'
import { Link } from '../../app/navigation.js'
import type { InventoryQuery } from '../api.js'
import { useCommerce } from '../context.js'
import type { InventoryPage, InventoryRow } from '@sitewright/contracts'
import { Badge, LoadError, Loading } from '../ui.js'
import { StockCell } from './StockCell.js'

export const DEFAULT_LOW_STOCK = 5
export const INVENTORY_PAGE_SIZE = 100

export function isLowStock(v: { unlimited: boolean; qtyInStock: number }, threshold: number): boolean {
  return !v.unlimited && v.qtyInStock <= threshold
}

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: InventoryPage }

/** The threshold the field stands for (the default while it is not a whole number). */
export const thresholdOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : DEFAULT_LOW_STOCK)

export function InventoryScreen() {
  const { api, path } = useCommerce()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [search, setSearch] = useState('')
  const [applied, setApplied] = useState('')
  const [lowOnly, setLowOnly] = useState(false)
  const [threshold, setThreshold] = useState(String(DEFAULT_LOW_STOCK))
  // cursors[i] opens page i (page 0 has none); Previous pops back to the one before.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const id = useId()
  const limit = thresholdOf(threshold)
  const cursor = cursors[cursors.length - 1]

  const fetchPage = useCallback(async () => {
    setLoad({ status: 'loading' })
    const query: InventoryQuery = { limit: INVENTORY_PAGE_SIZE }
    if (cursor) query.cursor = cursor
    if (applied.trim()) query.q = applied.trim()
    if (lowOnly) query.lowStock = limit
    const res = await api.inventory(query)
    setLoad(res.ok ? { status: 'ready', page: res.data } : { status: 'error', message: res.error.message })
  }, [api, cursor, applied, lowOnly, limit])
  useEffect(() => {
    void fetchPage()
  }, [fetchPage])

  const restart = () => setCursors([undefined])
  const replace = (variantId: string, patch: Partial<InventoryRow>) =>
    setLoad((l) =>
      l.status === 'ready'
        ? { ...l, page: { ...l.page, variants: l.page.variants.map((r) => (r.variantId === variantId ? { ...r, ...patch } : r)) } }
        : l,
    )

  const page = load.status === 'ready' ? load.page : null
  return (
    <div className="inventory">
      <form
        className="toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          restart()
          setApplied(search)
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-s`}>Search inventory</label>
          <input id={`${id}-s`} type="search" value={search} placeholder="Product or SKU" onChange={(e) => setSearch(e.target.value)} />
        </div>
        <button type="submit" className="button secondary small">
          Search
        </button>
        <div className="field checkbox">
          <input id={`${id}-l`} type="checkbox" checked={lowOnly} onChange={(e) => { setLowOnly(e.target.checked); restart() }} />
          <label htmlFor={`${id}-l`}>Low stock only</label>
        </div>
        <div className="field">
          <label htmlFor={`${id}-t`}>Low stock at or below</label>
          <input id={`${id}-t`} inputMode="numeric" value={threshold} onChange={(e) => { setThreshold(e.target.value); if (lowOnly) restart() }} size={5} />
        </div>
      </form>
      {load.status === 'loading' && <Loading what="inventory" />}
      {load.status === 'error' && <LoadError message={load.message} retry={() => void fetchPage()} />}
      {page && (
        <p className="count" role="status">
          {page.total} {page.total === 1 ? 'variant' : 'variants'}
          {cursors.length > 1 || page.nextCursor ? ` · page ${cursors.length}` : ''}
        </p>
      )}
      {page && page.variants.length === 0 && <p>{applied || lowOnly ? 'No variant matches.' : 'No physical products or services yet.'}</p>}
      {page && page.variants.length > 0 && (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Variant</th>
              <th scope="col">SKU</th>
              <th scope="col">Stock</th>
              <th scope="col">Unlimited</th>
            </tr>
          </thead>
          <tbody>
            {page.variants.map((r) => (
              <tr key={r.variantId}>
                <th scope="row">
                  <Link to={path('products', r.productId)}>{r.productTitle}</Link>
                </th>
                <td>
                  {r.variantText}{' '}
                  {isLowStock(r, limit) && <Badge tone={r.qtyInStock <= 0 ? 'sold-out' : 'warn'}>{r.qtyInStock <= 0 ? 'Out of stock' : 'Low'}</Badge>}
                </td>
                <td>{r.sku}</td>
                <StockCell
                  label={`${r.productTitle} ${r.variantText}`.trim()}
                  variant={{ id: r.variantId, qtyInStock: r.qtyInStock, unlimited: r.unlimited }}
                  save={(patch) => api.setStock(r.productId, r.variantId, patch)}
                  onSaved={(v) => replace(r.variantId, v)}
                />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page && (cursors.length > 1 || page.nextCursor) && (
        <div className="pager">
          <button type="button" className="button secondary small" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous
          </button>
          <span>Page {cursors.length}</span>
          <button type="button" className="button secondary small" disabled={!page.nextCursor} onClick={() => setCursors((c) => [...c, page.nextCursor ?? undefined])}>
            Next
          </button>
        </div>
      )}
    </div>
  )
}
