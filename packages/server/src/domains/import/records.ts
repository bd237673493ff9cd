// How one imported record lands, shared by the WXR, Ghost and product-CSV importers: in one transaction with its
// source-id mapping and its old addresses' redirects (created, or updated when an earlier run brought it), then the
// site's cached pages are dropped.
import type { CollectionInput, ItemInput } from '../content/index.js'
import type { Orm } from '../../platform/db/index.js'
import type { ImportPorts } from './ports.js'
import type { SourceKeys } from './source-map.js'

export async function ensureBlog(ports: ImportPorts, map: SourceKeys, siteId: string, needed: boolean) {
  const mapped = await map.get('blog')
  const existing = mapped ? await ports.content.collectionById(siteId, mapped) : null
  if (existing) return existing
  if (!needed) return null
  // a site that has its blog at /blog gets the posts there
  const blog = (await ports.content.listCollections(siteId)).find((c) => c.typeName === 'blog' && c.urlId === 'blog')
  if (blog) {
    await map.set('blog', blog.id)
    return blog
  }
  return land(ports, map, siteId, async (tx) => {
    const created = await ports.content.createCollection(siteId, { typeName: 'blog', title: 'Blog' }, tx)
    await map.set('blog', created.id, tx)
    return created
  })
}

export type Redirects = readonly { from: string; to: string }[]

/** Runs one record's writes in one transaction (the record, its mapping, its redirects), then drops cached pages. */
export async function land<T>(ports: ImportPorts, map: SourceKeys, siteId: string, fn: (tx: Orm) => Promise<T>): Promise<T> {
  const out = await map.transaction(fn)
  ports.content.changed(siteId)
  return out
}

/** A post created, or updated when an earlier run brought it; with its mapping and redirects in one transaction. */
export async function upsertPost(ports: ImportPorts, map: SourceKeys, siteId: string, blogId: string, key: string, redirects: Redirects, input: ItemInput): Promise<string> {
  const mapped = await map.get(key)
  const existing = mapped && (await ports.content.itemById(siteId, mapped)) ? mapped : null
  return land(ports, map, siteId, async (tx) => {
    if (existing) await ports.content.updateItem(siteId, existing, input, tx)
    const id = existing ?? (await ports.content.createItem(siteId, blogId, input, tx)).id
    if (!existing) await map.set(key, id, tx)
    await ports.content.addRedirects(siteId, redirects, tx)
    return id
  })
}

/** A page created or updated, as upsertPost. */
export async function upsertPage(ports: ImportPorts, map: SourceKeys, siteId: string, key: string, redirects: Redirects, input: CollectionInput): Promise<void> {
  const mapped = await map.get(key)
  const existing = mapped && (await ports.content.collectionById(siteId, mapped)) ? mapped : null
  await land(ports, map, siteId, async (tx) => {
    if (existing) {
      const { typeName: _t, ...patch } = input
      await ports.content.updateCollection(siteId, existing, patch, tx)
    } else await map.set(key, (await ports.content.createCollection(siteId, input, tx)).id, tx)
    await ports.content.addRedirects(siteId, redirects, tx)
  })
}
