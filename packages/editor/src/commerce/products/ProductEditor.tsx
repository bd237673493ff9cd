// Loads a product (or starts a new one in a collection) and saves it: a new product is created with its variants
// in one call; an existing one is patched with its fields and its variants matrix in one request (one
// transaction on the server: a refused matrix leaves the fields unchanged too).
import { useCallback, useEffect, useState } from 'react'
import { Link, useNavigation } from '../../app/navigation.js'
import { ConfirmDialog } from '../../ui/ConfirmDialog.js'
import { useCommerce } from '../context.js'
import type { OwnerProduct } from '@sitewright/contracts'
import { LoadError, Loading } from '../ui.js'
import { draftOf, newDraft, type ReadResult } from './draft.js'
import { ProductForm, type SaveOutcome } from './ProductForm.js'

type Props = { productId: string; collectionId?: undefined } | { collectionId: string; productId?: undefined }

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; product: OwnerProduct | null }

export function ProductEditor({ productId, collectionId }: Props) {
  const { api, settings, path } = useCommerce()
  const { navigate, setUnsaved } = useNavigation()
  const [load, setLoad] = useState<Load>(productId ? { status: 'loading' } : { status: 'ready', product: null })
  const [version, setVersion] = useState(0)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const [collectionUrl, setCollectionUrl] = useState<string | null>(null)
  const currency = settings.currency

  const fetchProduct = useCallback(async () => {
    if (!productId) return
    setLoad({ status: 'loading' })
    const res = await api.product(productId)
    setLoad(res.ok ? { status: 'ready', product: res.data } : { status: 'error', message: res.error.message })
  }, [api, productId])

  useEffect(() => {
    void fetchProduct()
  }, [fetchProduct])

  // The product's address on the site: its collection's address plus the slug.
  const owningCollection = load.status === 'ready' ? (load.product?.collectionId ?? collectionId) : collectionId
  useEffect(() => {
    let live = true
    void api.collections().then((res) => {
      if (live && res.ok) setCollectionUrl(res.data.find((c) => c.id === owningCollection)?.fullUrl ?? null)
    })
    return () => {
      live = false
    }
  }, [api, owningCollection])

  async function save(read: Extract<ReadResult, { ok: true }>): Promise<SaveOutcome> {
    if (!productId) {
      const res = await api.createProduct(collectionId ?? '', read.input, read.variants)
      if (!res.ok) return { ok: false, message: res.error.message, fields: res.error.fields }
      setUnsaved(false)
      navigate(path('products', res.data.id), { replace: true })
      return { ok: true }
    }
    const { productType: _type, ...patch } = read.input
    const updated = await api.updateProduct(productId, patch, read.variants)
    if (!updated.ok) return { ok: false, message: updated.error.message, fields: updated.error.fields }
    setLoad({ status: 'ready', product: updated.data })
    setVersion((v) => v + 1)
    return { ok: true }
  }

  async function remove() {
    if (!productId) return
    setConfirmDelete(false)
    const res = await api.deleteProduct(productId)
    if (!res.ok) return setDeleteError(res.error.message)
    setUnsaved(false)
    navigate(path('products'))
  }

  if (load.status === 'loading') return <Loading what="the product" />
  if (load.status === 'error') return <LoadError message={load.message} retry={() => void fetchProduct()} />
  const product = load.product
  return (
    <div className="product-editor">
      <p>
        <Link to={path('products')}>← All products</Link>
      </p>
      <h2>{product ? product.title || '(untitled)' : 'New product'}</h2>
      {product && (collectionUrl || product.fullUrl) && (
        <p className="field-hint">
          Address: <code>{collectionUrl ? `${collectionUrl.replace(/\/+$/, '')}/${product.urlId}` : product.fullUrl}</code>
        </p>
      )}
      {deleteError && (
        <div className="alert" role="alert">
          {deleteError}
        </div>
      )}
      <ProductForm
        key={version}
        initial={product ? draftOf(product, currency) : newDraft()}
        isNew={!product}
        justSaved={version > 0}
        currency={currency}
        save={save}
        onDelete={product ? () => setConfirmDelete(true) : undefined}
      />
      {confirmDelete && (
        <ConfirmDialog
          title="Delete product"
          message={`Delete “${product?.title ?? ''}” and all its variants? Carts holding it lose it. This cannot be undone.`}
          confirmLabel="Delete product"
          cancelLabel="Keep product"
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => void remove()}
        />
      )}
    </div>
  )
}
