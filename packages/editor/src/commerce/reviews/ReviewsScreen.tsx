// Reviews: the store's reviews for moderation (status and product filters), approve / hide, the owner's reply shown
// under the review on the site, the CSV export and the import of an Etsy review export (CSV or JSON).
import { useCallback, useEffect, useState, type ChangeEvent } from 'react'
import type { OwnerReview, OwnerReviewPage, OwnerReviewQuery, ProductSummary, ReviewStatus } from '@sitewright/contracts'
import { SelectField } from '../../ui/fields.js'
import { useCommerce } from '../context.js'
import { Badge, formatDate, LoadError, Loading } from '../ui.js'
import '../reviews-restock.css'

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: OwnerReviewPage }

const PAGE_SIZE = 25
const STATUS_LABEL: Record<ReviewStatus, string> = { pending: 'Waiting for approval', approved: 'Approved', hidden: 'Hidden' }

function authorOf(r: OwnerReview): string {
  const name = [r.userFirstName, r.userLastName].filter(Boolean).join(' ')
  return name || r.userName || r.userLoginName || 'Anonymous'
}

function Stars({ rating }: { rating: number }) {
  const n = Math.max(0, Math.min(5, Math.round(rating)))
  return (
    <span className="review-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(n)}
      <span className="review-stars-off">{'★'.repeat(5 - n)}</span>
    </span>
  )
}

export function ReviewsScreen() {
  const { api, timeZone } = useCommerce()
  const [status, setStatus] = useState<'' | ReviewStatus>('')
  const [productId, setProductId] = useState<string>('*')
  const [pageNo, setPageNo] = useState(0)
  const [products, setProducts] = useState<ProductSummary[]>([])
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [notice, setNotice] = useState<string | null>(null)
  const [importError, setImportError] = useState<string | null>(null)
  const [importing, setImporting] = useState(false)

  useEffect(() => {
    let live = true
    void api.productSummaries().then((r) => live && r.ok && setProducts(r.data))
    return () => {
      live = false
    }
  }, [api])

  const fetchPage = useCallback(async () => {
    setLoad({ status: 'loading' })
    const query: OwnerReviewQuery = { page: pageNo, size: PAGE_SIZE }
    if (status) query.status = status
    if (productId !== '*') query.productId = productId
    const res = await api.reviews(query)
    setLoad(res.ok ? { status: 'ready', page: res.data } : { status: 'error', message: res.error.message })
  }, [api, status, productId, pageNo])
  useEffect(() => {
    void fetchPage()
  }, [fetchPage])

  const titleOf = (r: OwnerReview) =>
    r.productId ? (products.find((p) => p.id === r.productId)?.title ?? 'A product') : r.importedProductName ? `${r.importedProductName} (imported)` : 'Store review'

  function replaced(review: OwnerReview) {
    setLoad((l) => (l.status === 'ready' ? { ...l, page: { ...l.page, reviews: l.page.reviews.map((r) => (r.id === review.id ? review : r)) } } : l))
  }

  async function onImport(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setImportError(null)
    setNotice(null)
    const format = /\.json$/i.test(file.name) || file.type === 'application/json' ? 'json' : 'csv'
    setImporting(true)
    const res = await api.importReviews(format, await file.text())
    setImporting(false)
    if (!res.ok) return setImportError(res.error.fields.data ?? res.error.message)
    const { imported, duplicates, skipped } = res.data
    setNotice(`Imported ${imported} review${imported === 1 ? '' : 's'}${duplicates ? `, ${duplicates} already there` : ''}${skipped ? `, ${skipped} skipped` : ''}.`)
    void fetchPage()
  }

  const filters = [
    { value: '*', label: 'All products' },
    { value: '', label: 'Store reviews' },
    ...products.map((p) => ({ value: p.id, label: p.title })),
  ]

  return (
    <div className="reviews-admin">
      <div className="toolbar">
        <SelectField
          name="reviewStatus"
          label="Status"
          value={status}
          onChange={(v) => {
            setStatus(v as '' | ReviewStatus)
            setPageNo(0)
          }}
          options={[{ value: '', label: 'All' }, ...(['pending', 'approved', 'hidden'] as const).map((s) => ({ value: s, label: STATUS_LABEL[s] }))]}
        />
        <SelectField
          name="reviewProduct"
          label="Product"
          value={productId}
          onChange={(v) => {
            setProductId(v)
            setPageNo(0)
          }}
          options={filters}
        />
        <a className="button secondary small" href={api.reviewsExportUrl()} download="reviews.csv">
          Export CSV
        </a>
        <label className="button secondary small file-button">
          {importing ? 'Importing…' : 'Import Etsy reviews'}
          <input type="file" accept=".csv,.json,text/csv,application/json" onChange={(e) => void onImport(e)} disabled={importing} />
        </label>
      </div>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {importError && (
        <div className="alert" role="alert">
          {importError}
        </div>
      )}
      {load.status === 'loading' && <Loading what="reviews" />}
      {load.status === 'error' && <LoadError message={load.message} retry={() => void fetchPage()} />}
      {load.status === 'ready' && load.page.reviews.length === 0 && <p>No reviews match these filters.</p>}
      {load.status === 'ready' && load.page.reviews.length > 0 && (
        <>
          <p className="muted">
            {load.page.total} review{load.page.total === 1 ? '' : 's'}
          </p>
          <ul className="review-admin-list">
            {load.page.reviews.map((r) => (
              <ReviewItem key={r.id} review={r} product={titleOf(r)} timeZone={timeZone} onChange={replaced} />
            ))}
          </ul>
          <nav className="pager" aria-label="Review pages">
            <button type="button" className="button secondary small" disabled={pageNo === 0} onClick={() => setPageNo(pageNo - 1)}>
              Previous
            </button>
            <button type="button" className="button secondary small" disabled={load.page.nextPage === null} onClick={() => setPageNo(pageNo + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
    </div>
  )
}

function ReviewItem({ review: r, product, timeZone, onChange }: { review: OwnerReview; product: string; timeZone: string | undefined; onChange(r: OwnerReview): void }) {
  const { api } = useCommerce()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [replying, setReplying] = useState(false)
  const [reply, setReply] = useState(r.reply ?? '')

  async function patch(p: { status?: ReviewStatus; reply?: string | null }) {
    setBusy(true)
    setError(null)
    const res = await api.moderateReview(r.id, p)
    setBusy(false)
    if (!res.ok) return setError(res.error.fields.reply ?? res.error.message)
    onChange(res.data)
    setReplying(false)
  }

  const headingId = `review-${r.id}`
  return (
    <li className="review-admin" aria-labelledby={headingId}>
      <div className="review-admin-head">
        <h2 id={headingId} className="review-admin-title">
          {authorOf(r)} on {product}
        </h2>
        <Badge tone={r.status === 'approved' ? 'status' : r.status === 'pending' ? 'warn' : 'sold-out'}>{STATUS_LABEL[r.status]}</Badge>
      </div>
      <p className="review-admin-meta">
        <Stars rating={r.starRating} /> · {formatDate(r.reviewDate, timeZone)}
        {r.verifiedPurchase && ' · Verified purchase'}
        {r.sourceType === 'ETSY' && ' · Posted on Etsy'}
      </p>
      <p className="review-admin-text">{r.text}</p>
      {r.reply && !replying && (
        <p className="review-admin-reply">
          <strong>Your reply:</strong> {r.reply}
        </p>
      )}
      {replying && (
        <div className="field">
          <label htmlFor={`reply-${r.id}`}>Reply (shown under the review on the site)</label>
          <textarea id={`reply-${r.id}`} rows={3} maxLength={2000} value={reply} onChange={(e) => setReply(e.target.value)} />
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="review-admin-actions">
        {r.status !== 'approved' && (
          <button type="button" className="button small" disabled={busy} onClick={() => void patch({ status: 'approved' })}>
            Approve
          </button>
        )}
        {r.status !== 'hidden' && (
          <button type="button" className="button secondary small" disabled={busy} onClick={() => void patch({ status: 'hidden' })}>
            Hide
          </button>
        )}
        {replying ? (
          <>
            <button type="button" className="button small" disabled={busy} onClick={() => void patch({ reply: reply.trim() || null })}>
              Save reply
            </button>
            <button type="button" className="button secondary small" disabled={busy} onClick={() => setReplying(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="button secondary small" disabled={busy} onClick={() => setReplying(true)}>
            {r.reply ? 'Edit reply' : 'Reply'}
          </button>
        )}
      </div>
    </li>
  )
}
