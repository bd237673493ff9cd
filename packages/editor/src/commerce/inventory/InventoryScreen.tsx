// Inventory: every variant whose stock the store keeps (physical products and services), with inline stock edits,
// the unlimited toggle, search and a low-stock filter. Each change is saved at once (PATCH .../stock).
import { useCallback, useEffect, useId, useState } from 'react'
import { Link } from '../../app/navigation.js'
import { useCommerce } from '../context.js'
import { stockEditable } from '../productTypes.js'
import type { Product, Variant } from '../types.js'
import { Badge, LoadError, Loading } from '../ui.js'
import { variantLabel } from '../variants.js'
import { StockCell } from './StockCell.js'

export const DEFAULT_LOW_STOCK = 5
export const INVENTORY_PAGE_SIZE = 100

export interface InventoryRow {
  product: Product
  variant: Variant
}

export function inventoryRows(products: readonly Product[]): InventoryRow[] {
  return products
    .filter((p) => stockEditable(p.productType))
    .flatMap((p) => p.variants.map((variant) => ({ product: p, variant })))
}

export function isLowStock(v: Pick<Variant, 'unlimited' | 'qtyInStock'>, threshold: number): boolean {
  return !v.unlimited && v.qtyInStock <= threshold
}

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rows: InventoryRow[] }

export function InventoryScreen() {
  const { api, path } = useCommerce()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [search, setSearch] = useState('')
  const [lowOnly, setLowOnly] = useState(false)
  const [threshold, setThreshold] = useState(String(DEFAULT_LOW_STOCK))
  const [page, setPage] = useState(0)
  const id = useId()

  const fetchAll = useCallback(async () => {
    setLoad({ status: 'loading' })
    const res = await api.products()
    setLoad(res.ok ? { status: 'ready', rows: inventoryRows(res.data) } : { status: 'error', message: res.error.message })
  }, [api])
  useEffect(() => {
    void fetchAll()
  }, [fetchAll])

  const replace = (variantId: string, patch: Partial<Variant>) =>
    setLoad((l) =>
      l.status === 'ready'
        ? { ...l, rows: l.rows.map((r) => (r.variant.id === variantId ? { ...r, variant: { ...r.variant, ...patch } } : r)) }
        : l,
    )

  if (load.status === 'loading') return <Loading what="inventory" />
  if (load.status === 'error') return <LoadError message={load.message} retry={() => void fetchAll()} />
  const limit = /^\d+$/.test(threshold.trim()) ? Number(threshold) : DEFAULT_LOW_STOCK
  const s = search.trim().toLowerCase()
  const rows = load.rows.filter(
    (r) =>
      (!lowOnly || isLowStock(r.variant, limit)) &&
      (!s || r.product.title.toLowerCase().includes(s) || r.variant.sku.toLowerCase().includes(s)),
  )
  const pages = Math.max(1, Math.ceil(rows.length / INVENTORY_PAGE_SIZE))
  const current = Math.min(page, pages - 1)
  const shown = rows.slice(current * INVENTORY_PAGE_SIZE, (current + 1) * INVENTORY_PAGE_SIZE)
  return (
    <div className="inventory">
      <div className="toolbar">
        <div className="field">
          <label htmlFor={`${id}-s`}>Search inventory</label>
          <input id={`${id}-s`} type="search" value={search} placeholder="Product or SKU" onChange={(e) => { setSearch(e.target.value); setPage(0) }} />
        </div>
        <div className="field checkbox">
          <input id={`${id}-l`} type="checkbox" checked={lowOnly} onChange={(e) => { setLowOnly(e.target.checked); setPage(0) }} />
          <label htmlFor={`${id}-l`}>Low stock only</label>
        </div>
        <div className="field">
          <label htmlFor={`${id}-t`}>Low stock at or below</label>
          <input id={`${id}-t`} inputMode="numeric" value={threshold} onChange={(e) => setThreshold(e.target.value)} size={5} />
        </div>
      </div>
      <p className="count" role="status">
        {rows.length} of {load.rows.length} variants
      </p>
      {shown.length === 0 ? (
        <p>{load.rows.length === 0 ? 'No physical products or services yet.' : 'No variant matches.'}</p>
      ) : (
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
            {shown.map(({ product, variant }) => {
              const name = `${product.title} ${variantLabel(variant.attributes, product.variantOptions.map((o) => o.name))}`
              return (
                <tr key={variant.id}>
                  <th scope="row">
                    <Link to={path('products', product.id)}>{product.title}</Link>
                  </th>
                  <td>
                    {variantLabel(variant.attributes, product.variantOptions.map((o) => o.name))}{' '}
                    {isLowStock(variant, limit) && <Badge tone={variant.qtyInStock <= 0 ? 'sold-out' : 'warn'}>{variant.qtyInStock <= 0 ? 'Out of stock' : 'Low'}</Badge>}
                  </td>
                  <td>{variant.sku}</td>
                  <StockCell
                    label={name}
                    variant={variant}
                    save={(patch) => api.setStock(product.id, variant.id, patch)}
                    onSaved={(v) => replace(variant.id, v)}
                  />
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <div className="pager">
          <button type="button" className="button secondary small" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous
          </button>
          <span>
            Page {current + 1} of {pages}
          </span>
          <button type="button" className="button secondary small" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Next
          </button>
        </div>
      )}
    </div>
  )
}
