// An import that stops right after one of its writes, at many points of a generated WXR and of a generated Shopify
// product CSV: the real ports write, then the k-th write throws, which is what a SIGKILL at that instant leaves (the
// transaction the write is in never commits). Each record is then whole or absent: no post, comment, blog, shop or
// product without its source-id mapping, every mapped post's old addresses already answering 301 and every mapped
// product's (the redirects land with their record, not at the end). Importing the file once more ends with exactly
// the file's records, none twice by source id. (Before the record and its mapping shared a transaction, a stop
// between them left an unmapped post that the next run added again.)
import { createReadStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHOPIFY_EXPORT_VARIANTS, shopifyExportProducts, writeShopifyExport } from '../../../scripts/shopify-export.js'
import { writeWxrExport } from '../../../scripts/wxr-export.js'
import { BACKEND, startTestApp, type TestApp } from '../../../test/harness.js'
import { importPorts } from '../../app/wire/import.js'
import { sqlRows } from '../../platform/db/index.js'
import { createImport, type ImportPorts } from './index.js'

const POSTS = 12
const ROWS = 6 * SHOPIFY_EXPORT_VARIANTS
const root = mkdtempSync(join(tmpdir(), 'sw-import-landing-'))
const wxr = join(root, 'export.xml')
const csv = join(root, 'products.csv')
let t: TestApp
let real: ImportPorts

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  real = importPorts({ content: t.app.content, social: t.app.social, files: t.app.files, commerce: t.app.commerce, members: t.app.members }, 1000)
  await writeWxrExport(wxr, POSTS)
  await writeShopifyExport(csv, ROWS)
}, 120_000)
afterAll(async () => {
  await t?.close()
  rmSync(root, { recursive: true, force: true })
})

/**
 * The real ports, but the k-th write throws once it has been made, counting from the run's first new record (a run
 * first goes over what earlier runs brought, updating it): its creation, then its redirects, then (a post) its
 * comment, and so on, so k = 1, 2, 3, ... stops at each point of a record's landing in turn.
 */
function stoppingAfter(k: number): ImportPorts {
  let writes = 0
  let creating = false
  const after = async <T,>(write: Promise<T>, creates: boolean): Promise<T> => {
    const done = await write
    creating ||= creates
    if (creating && ++writes === k) throw new Error(`stopped after write ${k}`)
    return done
  }
  return {
    ...real,
    content: {
      ...real.content,
      createCollection: (...a) => after(real.content.createCollection(...a), true),
      createItem: (...a) => after(real.content.createItem(...a), true),
      addRedirects: (...a) => after(real.content.addRedirects(...a), false),
    },
    addComment: (...a) => after(real.addComment(...a), true),
    commerce: { ...real.commerce, createProduct: (...a) => after(real.commerce.createProduct(...a), true) },
  }
}

const importer = (ports: ImportPorts) => createImport(t.app.db.orm, { ports, dataDir: root, authorizeAdmin: async () => undefined })
const one = async <T,>(q: ReturnType<typeof sql>) => (await sqlRows<T>(t.app.db.orm, q))[0]!

async function newSite(slug: string) {
  const site = await t.app.sites.ensureUnowned({ title: slug, slug })
  // what the site held before the import (its own pages) is not the import's
  const before = await sqlRows<{ id: string }>(t.app.db.orm, sql`SELECT id FROM content_collections WHERE site_id = ${site.id}`)
  return { id: site.id, own: before.map((r) => r.id) }
}

describe(`an import stopped after any write leaves each record whole or absent (${BACKEND})`, () => {
  it('WXR: stopped after each of the first 8 writes of a run: no unmapped post or comment, mapped posts redirect; then the file once', async () => {
    const site = await newSite('landing-wxr')
    const state = () =>
      one<{ posts: number; keys: number; targets: number; unmappedPosts: number; comments: number; unmappedComments: number; unmappedBlogs: number; unredirected: number; redirects: number }>(sql`
        SELECT (SELECT count(*)::int FROM content_items i WHERE i.site_id = ${site.id}) AS posts,
               (SELECT count(*)::int FROM import_sources s WHERE s.site_id = ${site.id} AND s.source_id LIKE 'post:%') AS keys,
               (SELECT count(DISTINCT s.target_id)::int FROM import_sources s WHERE s.site_id = ${site.id} AND s.source_id LIKE 'post:%') AS targets,
               (SELECT count(*)::int FROM content_items i WHERE i.site_id = ${site.id} AND NOT EXISTS (SELECT 1 FROM import_sources s WHERE s.site_id = i.site_id AND s.source_id LIKE 'post:%' AND s.target_id = i.id)) AS "unmappedPosts",
               (SELECT count(*)::int FROM social_comments c WHERE c.site_id = ${site.id}) AS comments,
               (SELECT count(*)::int FROM social_comments c WHERE c.site_id = ${site.id} AND NOT EXISTS (SELECT 1 FROM import_sources s WHERE s.site_id = c.site_id AND s.source_id LIKE 'comment:%' AND s.target_id = c.id)) AS "unmappedComments",
               (SELECT count(*)::int FROM content_collections c WHERE c.site_id = ${site.id} AND NOT (${JSON.stringify(site.own)}::jsonb ? c.id) AND NOT EXISTS (SELECT 1 FROM import_sources s WHERE s.site_id = c.site_id AND s.target_id = c.id)) AS "unmappedBlogs",
               (SELECT count(*)::int FROM import_sources s WHERE s.site_id = ${site.id} AND s.source_id LIKE 'post:%' AND NOT EXISTS (SELECT 1 FROM content_redirects r WHERE r.site_id = s.site_id AND r.from_path = '/?p=' || substr(s.source_id, 6))) AS unredirected,
               (SELECT count(*)::int FROM content_redirects r WHERE r.site_id = ${site.id}) AS redirects`)
    let seen = 0
    for (const k of [1, 2, 3, 4, 5, 6, 7, 8]) {
      await expect(importer(stoppingAfter(k)).run(site.id, 'wxr', () => createReadStream(wxr)), `stop ${k}`).rejects.toThrow(`stopped after write ${k}`)
      const s = await state()
      expect({ k, unmappedPosts: s.unmappedPosts, unmappedComments: s.unmappedComments, unmappedBlogs: s.unmappedBlogs, unredirected: s.unredirected, twice: s.keys - s.targets }).toEqual({ k, unmappedPosts: 0, unmappedComments: 0, unmappedBlogs: 0, unredirected: 0, twice: 0 })
      // each mapped post has both its old addresses (/2020/01/01/post-N and /?p=N)
      expect(s.redirects).toBe(2 * s.keys)
      expect(s.posts).toBeGreaterThanOrEqual(seen)
      seen = s.posts
    }
    // the stops were part way: some posts in, not all
    expect(seen).toBeGreaterThan(0)
    expect(seen).toBeLessThan(POSTS)
    const report = await importer(real).run(site.id, 'wxr', () => createReadStream(wxr))
    expect(report.counts.posts).toBe(POSTS)
    expect(await state()).toEqual({ posts: POSTS, keys: POSTS, targets: POSTS, unmappedPosts: 0, comments: POSTS, unmappedComments: 0, unmappedBlogs: 0, unredirected: 0, redirects: 2 * POSTS })
  }, 180_000)

  it('Shopify CSV: stopped after each of the first 5 writes of a run: no unmapped product or shop, mapped products redirect; then the file once', async () => {
    const site = await newSite('landing-shop')
    const state = () =>
      one<{ products: number; variants: number; keys: number; targets: number; unmapped: number; unmappedShops: number; unredirected: number }>(sql`
        SELECT (SELECT count(*)::int FROM commerce_products p WHERE p.site_id = ${site.id}) AS products,
               (SELECT count(*)::int FROM commerce_variants v WHERE v.site_id = ${site.id}) AS variants,
               (SELECT count(*)::int FROM import_sources s WHERE s.site_id = ${site.id} AND s.source_id LIKE 'product:%') AS keys,
               (SELECT count(DISTINCT s.target_id)::int FROM import_sources s WHERE s.site_id = ${site.id} AND s.source_id LIKE 'product:%') AS targets,
               (SELECT count(*)::int FROM commerce_products p WHERE p.site_id = ${site.id} AND NOT EXISTS (SELECT 1 FROM import_sources s WHERE s.site_id = p.site_id AND s.source_id LIKE 'product:%' AND s.target_id = p.id)) AS unmapped,
               (SELECT count(*)::int FROM content_collections c WHERE c.site_id = ${site.id} AND NOT (${JSON.stringify(site.own)}::jsonb ? c.id) AND NOT EXISTS (SELECT 1 FROM import_sources s WHERE s.site_id = c.site_id AND s.target_id = c.id)) AS "unmappedShops",
               (SELECT count(*)::int FROM import_sources s WHERE s.site_id = ${site.id} AND s.source_id LIKE 'product:%' AND NOT EXISTS (SELECT 1 FROM content_redirects r WHERE r.site_id = s.site_id AND r.from_path = '/products/' || substr(s.source_id, 9))) AS unredirected`)
    let seen = 0
    for (const k of [1, 2, 3, 4, 5]) {
      await expect(importer(stoppingAfter(k)).run(site.id, 'shopify-csv', () => createReadStream(csv)), `stop ${k}`).rejects.toThrow(`stopped after write ${k}`)
      const s = await state()
      expect({ k, unmapped: s.unmapped, unmappedShops: s.unmappedShops, unredirected: s.unredirected, twice: s.keys - s.targets, variants: s.variants }).toEqual({ k, unmapped: 0, unmappedShops: 0, unredirected: 0, twice: 0, variants: s.products * SHOPIFY_EXPORT_VARIANTS })
      expect(s.products).toBeGreaterThanOrEqual(seen)
      seen = s.products
    }
    expect(seen).toBeGreaterThan(0)
    expect(seen).toBeLessThan(shopifyExportProducts(ROWS))
    const report = await importer(real).run(site.id, 'shopify-csv', () => createReadStream(csv))
    expect(report.counts.products).toBe(shopifyExportProducts(ROWS))
    const n = shopifyExportProducts(ROWS)
    expect(await state()).toEqual({ products: n, variants: ROWS, keys: n, targets: n, unmapped: 0, unmappedShops: 0, unredirected: 0 })
  }, 180_000)
})
