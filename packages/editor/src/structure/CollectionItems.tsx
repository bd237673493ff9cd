// The items of a blog, events, gallery or store collection: add, rename, change status, reorder, delete after
// confirmation; blog posts get the tag and category editor and their search and sharing fields (SEO title and
// description of the post's page).
import { useCallback, useEffect, useState } from 'react'
import { CONTENT_STATUSES, STATUS_LABELS, type Collection, type ContentStatus, type Item } from '../api/content.js'
import { ExistingFiles } from '../dialogs/files/ExistingFiles.js'
import { TagEditor } from '../dialogs/tags/TagEditor.js'
import { useServices } from '../services/services.js'
import { ConfirmDialog } from '../ui/ConfirmDialog.js'
import { LineField } from '../ui/moreFields.js'
import { kindLabel } from './tree.js'
import { UNABLE_TO_LOAD_COLLECTIONS } from '../ui/loadErrors.js'

export const ITEMS_ERROR = UNABLE_TO_LOAD_COLLECTIONS

export function CollectionItems({ collection }: { collection: Collection }) {
  const { content, siteId } = useServices()
  const [items, setItems] = useState<Item[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [title, setTitle] = useState('')
  const [deleting, setDeleting] = useState<Item | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const [seoOpen, setSeoOpen] = useState<string | null>(null)
  const orderable = collection.typeName === 'gallery' || collection.typeName === 'products'

  const load = useCallback(async () => {
    const r = await content.items(siteId, collection.id)
    if (!r.ok) return setError(ITEMS_ERROR)
    setError(null)
    setItems(r.data.items)
  }, [content, siteId, collection.id])
  useEffect(() => void load(), [load])

  async function patch(item: Item, p: Parameters<typeof content.updateItem>[2]) {
    const r = await content.updateItem(siteId, item.id, p)
    if (!r.ok) return setError(r.error.message)
    setItems((list) => (list ?? []).map((x) => (x.id === item.id ? r.data.item : x)))
  }

  async function move(i: number, d: number) {
    if (!items) return
    const next = [...items]
    const [x] = next.splice(i, 1)
    next.splice(i + d, 0, x!)
    setItems(next)
    const r = await content.reorderItems(siteId, collection.id, next.map((n) => n.id))
    if (!r.ok) {
      setError(r.error.message)
      void load()
    }
  }

  return (
    <section aria-labelledby="section-title">
      <h1 id="section-title" tabIndex={-1}>{collection.title}</h1>
      <p className="lead">{kindLabel(collection.typeName)} · {collection.fullUrl}</p>
      {error && <p className="alert" role="alert">{error} <button type="button" className="button secondary small" onClick={() => void load()}>Try again</button></p>}
      <form className="inline-form" onSubmit={async (e) => {
        e.preventDefault()
        if (!title.trim()) return
        const r = await content.createItem(siteId, collection.id, { title: title.trim() })
        if (!r.ok) return setError(r.error.message)
        setTitle('')
        setItems((l) => [r.data.item, ...(l ?? [])])
      }}>
        <LineField label="New item title" value={title} max={200} onChange={setTitle} />
        <button type="submit" className="button primary small">Add item</button>
      </form>
      {items === null && !error && <p role="status">Loading…</p>}
      {items?.length === 0 && <p className="muted">No items yet.</p>}
      <ul className="item-list">
        {items?.map((item, i) => (
          <li key={item.id}>
            <LineField label={`Title of item ${i + 1}`} value={item.title} max={200} onChange={(v) => setItems((l) => (l ?? []).map((x) => (x.id === item.id ? { ...x, title: v } : x)))} />
            <div className="item-actions">
              <button type="button" className="button secondary small" onClick={() => void patch(item, { title: item.title })}>Save title</button>
              <label>
                Status{' '}
                <select value={item.status} onChange={(e) => void patch(item, { status: e.target.value as ContentStatus })}>
                  {CONTENT_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
                </select>
              </label>
              {orderable && <button type="button" className="tool" aria-label={`Move ${item.title} up`} disabled={i === 0} onClick={() => void move(i, -1)}>↑</button>}
              {orderable && <button type="button" className="tool" aria-label={`Move ${item.title} down`} disabled={i === items.length - 1} onClick={() => void move(i, 1)}>↓</button>}
              {collection.typeName === 'blog' && <button type="button" className="button secondary small" aria-expanded={open === item.id} onClick={() => setOpen(open === item.id ? null : item.id)}>Tags and categories</button>}
              {collection.typeName === 'blog' && <button type="button" className="button secondary small" aria-expanded={seoOpen === item.id} onClick={() => setSeoOpen(seoOpen === item.id ? null : item.id)}>Search and sharing</button>}
              <button type="button" className="button danger small" onClick={() => setDeleting(item)}>Delete</button>
            </div>
            {seoOpen === item.id && <ItemSeo item={item} onSave={(p) => patch(item, p)} />}
            {open === item.id && (
              <div className="item-tags">
                <TagEditor tagType="tag" items={item.tags} onChange={(tags) => void patch(item, { tags })} />
                <TagEditor tagType="category" items={item.categories} onChange={(categories) => void patch(item, { categories })} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog title={`Delete ${deleting.title}?`} message="This item will be deleted. This cannot be undone." confirmLabel="Delete" cancelLabel="Keep"
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const d = deleting
            setDeleting(null)
            const r = await content.deleteItem(siteId, d.id)
            if (!r.ok) return setError(r.error.message)
            setItems((l) => (l ?? []).filter((x) => x.id !== d.id))
          }} />
      )}
    </section>
  )
}

/** A post's SEO title, description and social image (its page's <title>, meta description and og tags). */
export function ItemSeo({ item, onSave }: { item: Item; onSave(p: { seoTitle: string; seoDescription: string; socialImageId: string | null }): Promise<void> }) {
  const { files, siteId } = useServices()
  const [seoTitle, setSeoTitle] = useState(item.seoTitle ?? '')
  const [seoDescription, setSeoDescription] = useState(item.seoDescription ?? '')
  const [socialImage, setSocialImage] = useState<{ id: string; url: string | null } | null>(item.socialImageId ? { id: item.socialImageId, url: null } : null)
  const [picking, setPicking] = useState(false)
  const [saved, setSaved] = useState(false)
  const savedImageId = item.socialImageId ?? null
  // the chosen image's thumbnail: the item stores only its file id
  useEffect(() => {
    if (!savedImageId) return
    let live = true
    void files.get(siteId, savedImageId).then((r) => {
      if (live && r.ok) setSocialImage((cur) => (cur?.id === savedImageId ? { id: savedImageId, url: r.data.file.assetUrl } : cur))
    })
    return () => {
      live = false
    }
  }, [files, siteId, savedImageId])
  const dirty = seoTitle !== (item.seoTitle ?? '') || seoDescription !== (item.seoDescription ?? '') || (socialImage?.id ?? null) !== savedImageId
  const touched = () => setSaved(false)
  return (
    <form
      className="item-seo"
      onSubmit={async (e) => {
        e.preventDefault()
        await onSave({ seoTitle: seoTitle.trim(), seoDescription: seoDescription.trim(), socialImageId: socialImage?.id ?? null })
        setSaved(true)
      }}
    >
      <LineField label="SEO title" value={seoTitle} max={200} onChange={(v) => { setSeoTitle(v); touched() }} />
      <LineField label="SEO description" value={seoDescription} max={500} onChange={(v) => { setSeoDescription(v); touched() }} />
      <div className="item-seo-image">
        <span className="field-label">Social image</span>
        {socialImage ? (
          <>
            {socialImage.url ? <img src={socialImage.url} alt="The chosen social image" width={96} height={54} /> : <span className="muted">An image is chosen.</span>}
            <button type="button" className="button secondary small" onClick={() => setPicking(true)}>Change</button>
            <button type="button" className="button secondary small" onClick={() => { setSocialImage(null); touched() }}>Remove</button>
          </>
        ) : (
          <button type="button" className="button secondary small" onClick={() => setPicking(true)}>Choose an image</button>
        )}
      </div>
      <p className="field-hint">Empty: the post's title, excerpt and main image.</p>
      <button type="submit" className="button primary small" disabled={!dirty}>Save search and sharing</button>
      <span className="muted" role="status">{saved && !dirty ? 'Saved' : ''}</span>
      {picking && (
        <ExistingFiles
          kind="image"
          onPick={(f) => {
            setSocialImage({ id: f.id, url: f.assetUrl })
            setPicking(false)
            touched()
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </form>
  )
}
