// Products of one products collection: search by title or SKU, filter by status, stock summary and the same
// sold-out / on-sale badges the storefront shows. A collection holds at most 200 products.
import { useCallback, useEffect, useId, useMemo, useState } from 'react'
import { Link } from '../../app/navigation.js'
import { SelectField } from '../../ui/fields.js'
import { useCommerce } from '../context.js'
import { formatMoney } from '../money.js'
import { PRODUCT_TYPE_LABELS } from '../productTypes.js'
import { displayStatus, priceRange, stockSummary } from '../status.js'
import { PRODUCT_STATUSES, type Product, type ProductCollection } from '../types.js'
import { Badge, LoadError, Loading } from '../ui.js'

export const MAX_PRODUCTS_PER_COLLECTION = 200

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; products: Product[]; collections: ProductCollection[] }

/** Collections from the collections API, plus any that only products name (so none is hidden). */
function mergeCollections(listed: ProductCollection[], products: Product[]): ProductCollection[] {
  const out = [...listed]
  for (const p of products)
    if (p.collectionId && !out.some((c) => c.id === p.collectionId)) out.push({ id: p.collectionId, title: p.collectionId, fullUrl: null })
  return out
}

export function matchesSearch(p: Product, search: string): boolean {
  const s = search.trim().toLowerCase()
  if (!s) return true
  return p.title.toLowerCase().includes(s) || p.variants.some((v) => v.sku.toLowerCase().includes(s))
}

export function ProductList() {
  const { api, settings, path } = useCommerce()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [collectionId, setCollectionId] = useState('')
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('')
  const searchId = useId()

  const fetchAll = useCallback(async () => {
    setLoad({ status: 'loading' })
    const [products, collections] = await Promise.all([api.products(), api.collections()])
    if (!products.ok) return setLoad({ status: 'error', message: products.error.message })
    // Without a collections API the collections are the ones products name.
    const listed = collections.ok ? collections.data : []
    setLoad({ status: 'ready', products: products.data, collections: mergeCollections(listed, products.data) })
  }, [api])

  useEffect(() => {
    void fetchAll()
  }, [fetchAll])

  const current = load.status === 'ready' ? (load.collections.find((c) => c.id === collectionId) ?? load.collections[0]) : undefined
  const inCollection = useMemo(
    () => (load.status === 'ready' && current ? load.products.filter((p) => p.collectionId === current.id) : []),
    [load, current],
  )
  const shown = inCollection.filter((p) => matchesSearch(p, search) && (!status || p.status === status))

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
        <div className="field">
          <label htmlFor={searchId}>Search products</label>
          <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Title or SKU" />
        </div>
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

function ProductRow({ product: p, currency, to }: { product: Product; currency: string; to: string }) {
  const state = displayStatus(p.productType, p.variants)
  const range = priceRange(p.variants)
  const price = !range
    ? '—'
    : range.min === range.max
      ? formatMoney(range.min, currency)
      : `${formatMoney(range.min, currency)} – ${formatMoney(range.max, currency)}`
  return (
    <tr>
      <th scope="row">
        <Link to={to}>{p.title || '(untitled)'}</Link>{' '}
        {state.soldOut && <Badge tone="sold-out">Sold out</Badge>}
        {state.onSale && <Badge tone="sale">On sale</Badge>}
      </th>
      <td>{PRODUCT_TYPE_LABELS[p.productType]}</td>
      <td>{p.status}</td>
      <td>{price}</td>
      <td>{stockSummary(p.productType, p.variants).text}</td>
    </tr>
  )
}
