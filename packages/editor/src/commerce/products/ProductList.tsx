// Products of one products collection from the slim owner list (no variants: counts, stock and price summary, so
// a 10,000-variant product costs nothing here): search by title or SKU (on the server), filter by status, stock
// summary and the same sold-out / on-sale badges the storefront shows. A collection holds at most 200 products.
import { useCallback, useEffect, useId, useMemo, useState } from 'react'
import { Link } from '../../app/navigation.js'
import { SelectField } from '../../ui/fields.js'
import { useCommerce } from '../context.js'
import { formatMoney } from '../money.js'
import { PRODUCT_TYPE_LABELS } from '../productTypes.js'
import { summaryStockText } from '../status.js'
import { PRODUCT_STATUSES, type ProductSummary } from '@sitewright/contracts'
import type { ProductCollection } from '../api.js'
import { Badge, LoadError, Loading } from '../ui.js'

export const MAX_PRODUCTS_PER_COLLECTION = 200

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; products: ProductSummary[]; collections: ProductCollection[] }

/** Collections from the collections API, plus any that only products name (so none is hidden). */
function mergeCollections(listed: ProductCollection[], products: ProductSummary[]): ProductCollection[] {
  const out = [...listed]
  for (const p of products)
    if (p.collectionId && !out.some((c) => c.id === p.collectionId)) out.push({ id: p.collectionId, title: p.collectionId, fullUrl: '' })
  return out
}

export function ProductList() {
  const { api, settings, path } = useCommerce()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [collectionId, setCollectionId] = useState('')
  const [search, setSearch] = useState('')
  const [applied, setApplied] = useState('')
  const [matches, setMatches] = useState<{ query: string; ids: Set<string> } | null>(null)
  const [searchError, setSearchError] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const searchId = useId()

  const fetchAll = useCallback(async () => {
    setLoad({ status: 'loading' })
    const [products, collections] = await Promise.all([api.productSummaries(), api.collections()])
    if (!products.ok) return setLoad({ status: 'error', message: products.error.message })
    // Without a collections API the collections are the ones products name.
    const listed = collections.ok ? collections.data : []
    setLoad({ status: 'ready', products: products.data, collections: mergeCollections(listed, products.data) })
  }, [api])

  useEffect(() => {
    void fetchAll()
  }, [fetchAll])

  // A search (title or SKU) runs on the server; its matches narrow the list.
  useEffect(() => {
    const query = applied.trim()
    if (!query) return setMatches(null)
    let live = true
    void api.productSummaries({ q: query }).then((res) => {
      if (!live) return
      setSearchError(res.ok ? null : res.error.message)
      setMatches(res.ok ? { query, ids: new Set(res.data.map((p) => p.id)) } : null)
    })
    return () => {
      live = false
    }
  }, [api, applied])

  const current = load.status === 'ready' ? (load.collections.find((c) => c.id === collectionId) ?? load.collections[0]) : undefined
  const inCollection = useMemo(
    () => (load.status === 'ready' && current ? load.products.filter((p) => p.collectionId === current.id) : []),
    [load, current],
  )
  const searching = applied.trim() !== ''
  const found = matches && matches.query === applied.trim() ? matches.ids : null
  const shown = inCollection.filter((p) => (!searching || (found?.has(p.id) ?? false)) && (!status || p.status === status))

  if (load.status === 'loading') return <Loading what="products" />
  if (load.status === 'error') return <LoadError message={load.message} retry={() => void fetchAll()} />
  if (!current)
    return (
      <div className="empty-state">
        <h2>Products</h2>
        <p>This site has no products collection yet. Add a page of type Products (for example /shop) under Pages.</p>
      </div>
    )
  const full = inCollection.length >= MAX_PRODUCTS_PER_COLLECTION
  return (
    <div className="products">
      <div className="toolbar">
        {load.collections.length > 1 && (
          <SelectField
            name="collection"
            label="Collection"
            value={current.id}
            options={load.collections.map((c) => ({ value: c.id, label: c.title }))}
            onChange={setCollectionId}
          />
        )}
        <form
          className="field search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault()
            setApplied(search)
          }}
        >
          <label htmlFor={searchId}>Search products</label>
          <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Title or SKU" />
          <button type="submit" className="button secondary small">
            Search
          </button>
        </form>
        <SelectField
          name="status"
          label="Status"
          value={status}
          options={[{ value: '', label: 'All' }, ...PRODUCT_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))]}
          onChange={setStatus}
        />
        {full ? (
          <p className="field-hint">
            This collection holds the maximum of {MAX_PRODUCTS_PER_COLLECTION} products.
          </p>
        ) : (
          <Link className="button primary" to={path('products', 'new', current.id)}>
            New product
          </Link>
        )}
      </div>
      {searchError && (
        <div className="alert" role="alert">
          {searchError}
        </div>
      )}
      {searching && !found && !searchError && <Loading what="search results" />}
      <p className="count" role="status">
        {shown.length === inCollection.length
          ? `${inCollection.length} of ${MAX_PRODUCTS_PER_COLLECTION} products`
          : `${shown.length} of ${inCollection.length} products shown`}
      </p>
      {shown.length === 0 ? (
        <p>{inCollection.length === 0 ? 'No products yet.' : 'No product matches.'}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Price</th>
              <th scope="col">Stock</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <ProductRow key={p.id} product={p} currency={settings.currency} to={path('products', p.id)} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

function ProductRow({ product: p, currency, to }: { product: ProductSummary; currency: string; to: string }) {
  const range = p.priceRange
  const price = !range
    ? '—'
    : range.minCents === range.maxCents
      ? formatMoney(range.minCents, currency)
      : `${formatMoney(range.minCents, currency)} – ${formatMoney(range.maxCents, currency)}`
  return (
    <tr>
      <th scope="row">
        <Link to={to}>{p.title || '(untitled)'}</Link>{' '}
        {p.soldOut && <Badge tone="sold-out">Sold out</Badge>}
        {p.onSale && <Badge tone="sale">On sale</Badge>}
      </th>
      <td>{PRODUCT_TYPE_LABELS[p.productType]}</td>
      <td>{p.status}</td>
      <td>{price}</td>
      <td>{summaryStockText(p.productType, p)}</td>
    </tr>
  )
}
