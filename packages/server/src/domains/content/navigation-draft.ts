// The navigation's draft (issue 36): the owner arranges the pages (section, order, navigation title, folder) and
// the arrangement is kept in navigation_drafts, shown by the owner's reads (the editor's canvas, the private
// preview) while visitors keep the pages' own columns; Publish writes it onto the pages in one statement and drops
// the draft. A draft equal to what is live is no draft (it is removed).
import type { NavigationDraftPut, NavigationState } from '@sitewright/contracts'
import { asc, eq, sql } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { contentCollections, navigationDrafts, type CollectionRow, type NavigationDraftEntry } from './schema.js'

export type { NavigationState }

/** Pages in their new order: a section's pages in tree order (parents before their children). */
export type NavigationInput = { pages: (NavigationDraftPut['pages'][number] & { parentId?: string | null | undefined; navigationTitle?: string | undefined })[] }

type Live = Pick<CollectionRow, 'id' | 'navigation' | 'ordering' | 'navigationTitle' | 'parentId' | 'folder' | 'createdAt'>

const entryOf = (r: Live): NavigationDraftEntry => ({ id: r.id, navigation: r.navigation, ordering: r.ordering, navigationTitle: r.navigationTitle, parentId: r.parentId })
const sameEntry = (a: NavigationDraftEntry, b: NavigationDraftEntry) =>
  a.navigation === b.navigation && a.ordering === b.ordering && a.navigationTitle === b.navigationTitle && (a.parentId ?? null) === (b.parentId ?? null)
const parseEntries = (v: unknown): NavigationDraftEntry[] => (typeof v === 'string' ? (JSON.parse(v) as NavigationDraftEntry[]) : ((v as NavigationDraftEntry[] | null) ?? []))

async function livePages(orm: Orm, siteId: string): Promise<Live[]> {
  return orm
    .select({ id: contentCollections.id, navigation: contentCollections.navigation, ordering: contentCollections.ordering, navigationTitle: contentCollections.navigationTitle, parentId: contentCollections.parentId, folder: contentCollections.folder, createdAt: contentCollections.createdAt })
    .from(contentCollections)
    .where(eq(contentCollections.siteId, siteId))
    .orderBy(asc(contentCollections.ordering), asc(contentCollections.createdAt))
}

async function draftOf(orm: Orm, siteId: string, forUpdate = false): Promise<{ pages: NavigationDraftEntry[]; updatedAt: Date } | null> {
  const q = orm.select().from(navigationDrafts).where(eq(navigationDrafts.siteId, siteId))
  const [row] = forUpdate ? await q.for('update') : await q
  return row ? { pages: parseEntries(row.pages), updatedAt: row.updatedAt } : null
}

/** The pages `rows` with the draft's places applied (pages the draft does not name keep theirs), in order. */
export function overlayNavigation<T extends Pick<CollectionRow, 'id' | 'navigation' | 'ordering' | 'navigationTitle' | 'parentId' | 'createdAt'>>(rows: readonly T[], draft: readonly NavigationDraftEntry[] | null): T[] {
  if (!draft?.length) return [...rows]
  const byId = new Map(draft.map((e) => [e.id, e]))
  return rows
    .map((r) => {
      const e = byId.get(r.id)
      return e ? { ...r, navigation: e.navigation, ordering: e.ordering, navigationTitle: e.navigationTitle, parentId: e.parentId } : r
    })
    .sort((a, b) => a.ordering - b.ordering || a.createdAt.getTime() - b.createdAt.getTime())
}

/** The draft's entries of the site, or null without one (the owner's reads apply it). */
export async function navigationDraft(orm: Orm, siteId: string): Promise<NavigationDraftEntry[] | null> {
  return (await draftOf(orm, siteId))?.pages ?? null
}

export async function navigationState(orm: Orm, siteId: string): Promise<NavigationState> {
  const [live, draft] = await Promise.all([livePages(orm, siteId), draftOf(orm, siteId)])
  const shown = overlayNavigation(live, draft?.pages ?? null)
  const liveById = new Map(live.map((r) => [r.id, entryOf(r)]))
  const pages = shown.map(entryOf)
  return { pages, unpublished: pages.some((p) => !sameEntry(p, liveById.get(p.id)!)), updatedOn: draft ? draft.updatedAt.getTime() : null }
}

const invalid = (field: string, message: string) => new AppError('invalid_data', 'validation_failed', message, { fields: { [field]: message } })

/** Checks the arrangement (pages of the site, each once, parents that are folders, no page inside itself). */
function checkInput(input: NavigationInput, live: readonly Live[]): void {
  const byId = new Map(live.map((r) => [r.id, r]))
  const seen = new Set<string>()
  input.pages.forEach((p, i) => {
    if (!byId.has(p.id)) throw new AppError('not_found', 'collection_not_found', 'No such page or collection.')
    if (seen.has(p.id)) throw invalid(`pages.${i}.id`, 'List each page once.')
    seen.add(p.id)
    if (p.parentId && (p.parentId === p.id || !byId.get(p.parentId)?.folder)) throw invalid(`pages.${i}.parentId`, 'Choose a folder or index page as the parent.')
  })
}

/** A page inside itself through its parents (a folder moved into its own child). */
function hasCycle(entries: readonly NavigationDraftEntry[]): boolean {
  const parent = new Map(entries.map((e) => [e.id, e.parentId]))
  for (const e of entries) {
    const seen = new Set<string>([e.id])
    for (let p = e.parentId; p; p = parent.get(p) ?? null) {
      if (seen.has(p)) return true
      seen.add(p)
    }
  }
  return false
}

/**
 * Keeps the arrangement as the draft: the named pages take their places, numbered in their sections in the given
 * order (as the live reorder numbers them); the others keep the draft's or their own. Visitors see nothing of it.
 */
export async function putNavigationDraft(orm: Orm, siteId: string, input: NavigationInput): Promise<NavigationState> {
  await orm.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`navigation-draft:${siteId}`}))`)
    const live = await livePages(tx, siteId)
    checkInput(input, live)
    const before = overlayNavigation(live, (await draftOf(tx, siteId, true))?.pages ?? null).map(entryOf)
    const next = new Map(before.map((e) => [e.id, e]))
    const counters = new Map<string, number>()
    for (const p of input.pages) {
      const n = (counters.get(p.navigation) ?? 0) + 1
      counters.set(p.navigation, n)
      const was = next.get(p.id)!
      next.set(p.id, { id: p.id, navigation: p.navigation, ordering: n, navigationTitle: p.navigationTitle ?? was.navigationTitle, parentId: p.parentId === undefined ? was.parentId : p.parentId })
    }
    // the section's pages not named follow the named ones, in their order
    for (const e of before) {
      if (input.pages.some((p) => p.id === e.id) || !counters.has(e.navigation)) continue
      const n = counters.get(e.navigation)! + 1
      counters.set(e.navigation, n)
      next.set(e.id, { ...e, ordering: n })
    }
    const entries = [...next.values()]
    if (hasCycle(entries)) throw invalid('pages', 'A folder cannot be moved inside itself.')
    const liveById = new Map(live.map((r) => [r.id, entryOf(r)]))
    const changed = entries.filter((e) => !sameEntry(e, liveById.get(e.id)!))
    if (changed.length === 0) {
      await tx.delete(navigationDrafts).where(eq(navigationDrafts.siteId, siteId))
      return
    }
    await tx
      .insert(navigationDrafts)
      .values({ siteId, pages: changed })
      .onConflictDoUpdate({ target: navigationDrafts.siteId, set: { pages: changed, updatedAt: sql`greatest(now(), ${navigationDrafts.updatedAt} + interval '1 millisecond')` } })
  })
  return navigationState(orm, siteId)
}

/** Writes the draft onto the pages in one statement and drops it; answers how many pages moved. */
export async function publishNavigation(orm: Orm, siteId: string): Promise<number> {
  return orm.transaction(async (tx) => publishNavigationIn(tx, siteId))
}

/** The same inside the caller's transaction (a release publishes it with the rest). */
export async function publishNavigationIn(tx: Orm, siteId: string): Promise<number> {
  const draft = await draftOf(tx, siteId, true)
  if (!draft) return 0
  // a parent deleted (or no longer a folder) since the draft was made: the page goes to the top of its section
  const moved = await sqlRows<{ id: string }>(
    tx,
    sql`UPDATE content_collections t SET navigation = r.navigation, ordering = r.ordering, navigation_title = r."navigationTitle",
          parent_id = CASE WHEN EXISTS (SELECT 1 FROM content_collections p WHERE p.site_id = ${siteId} AND p.id = r."parentId" AND p.folder AND p.id <> t.id) THEN r."parentId" ELSE NULL END
        FROM jsonb_to_recordset(${JSON.stringify(draft.pages)}::jsonb) AS r(id text, navigation text, ordering int, "navigationTitle" text, "parentId" text)
        WHERE t.site_id = ${siteId} AND t.id = r.id
          AND (t.navigation, t.ordering, t.navigation_title, t.parent_id) IS DISTINCT FROM (r.navigation, r.ordering, r."navigationTitle", r."parentId")
        RETURNING t.id`,
  )
  await tx.delete(navigationDrafts).where(eq(navigationDrafts.siteId, siteId))
  return moved.length
}

/** Drops the draft: the owner sees the live navigation again. */
export async function discardNavigationDraft(orm: Orm, siteId: string): Promise<void> {
  await orm.delete(navigationDrafts).where(eq(navigationDrafts.siteId, siteId))
}
