// Owner-side collection (page) service: create, update, delete, reorder, layouts. Every query is by site id.
import { and, asc, eq, max, ne, notInArray } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { newId } from '../../../platform/ids.js'
import { FOLDER_BEHAVIOR, TYPE_OF_NAME, type Navigation, type TypeName } from '../constants.js'
import { contentCollections, type CollectionRow } from '../schema.js'
import { freeSlug, hashLockPassword, invalid, layoutOf, ms, prepareLayout, recordRedirect, RESERVED_SEGMENTS } from '../shared.js'
import { sanitizeHtml } from '../text/index.js'
import { restore, stamp, urlSlugWithSlash } from '@sitewright/contracts'
import type { CreateCollection, LayoutInput, UpdateCollection } from '../validators.js'
import { atVersion, nextUpdatedAt, VersionConflict } from './versioning.js'

const FOLDER_TYPES: ReadonlySet<TypeName> = new Set(['index', 'folder'])

export interface PopupOverlaySettings {
  title: string
  body: string
  buttonText: string
  buttonUrl?: string | undefined
  formId?: string | undefined
  version: number
}
export interface CollectionSettings {
  popupOverlay?: PopupOverlaySettings
  typeLabel?: string
}

export const settingsOf = (c: CollectionRow): CollectionSettings => (c.settings && typeof c.settings === 'object' ? (c.settings as CollectionSettings) : {})

/** The owner API's view of a collection (never the password hash). */
export function collectionDto(c: CollectionRow) {
  const settings = settingsOf(c)
  return {
    id: c.id,
    websiteId: c.siteId,
    parentId: c.parentId,
    type: c.type,
    typeName: c.typeName,
    title: c.title,
    navigationTitle: c.navigationTitle,
    urlId: c.urlId,
    fullUrl: c.homepage ? '/' : `/${c.urlId}`,
    description: c.description,
    navigation: c.navigation,
    ordering: c.ordering,
    folder: c.folder,
    folderBehavior: c.folderBehavior,
    homepage: c.homepage,
    backgroundSource: c.backgroundSource,
    mainImageId: c.mainImageId,
    calendarView: c.calendarView,
    showPastOrUpcomingEvents: c.showPastOrUpcoming,
    view: c.view,
    pageSize: c.pageSize,
    galleryOptions: c.gallery == null ? null : restore('gallery', c.gallery).options,
    layout: layoutOf(c.layout),
    lock: c.lock,
    passwordSet: c.lockPasswordHash !== null,
    seoTitle: c.seoTitle,
    seoDescription: c.seoDescription,
    seoHidden: c.seoHidden,
    status: c.status,
    publishOn: ms(c.publishOn),
    popupOverlay: settings.popupOverlay ?? null,
    typeLabel: settings.typeLabel ?? null,
    createdOn: ms(c.createdAt),
    updatedOn: ms(c.updatedAt),
  }
}
export type CollectionDto = ReturnType<typeof collectionDto>

export async function listCollections(orm: Orm, siteId: string): Promise<CollectionRow[]> {
  return orm.select().from(contentCollections).where(eq(contentCollections.siteId, siteId)).orderBy(asc(contentCollections.navigation), asc(contentCollections.ordering), asc(contentCollections.createdAt))
}

export async function getCollection(orm: Orm, siteId: string, collectionId: string): Promise<CollectionRow> {
  const [row] = await orm.select().from(contentCollections).where(and(eq(contentCollections.siteId, siteId), eq(contentCollections.id, collectionId)))
  if (!row) throw new AppError('not_found', 'collection_not_found', 'No such page or collection.')
  return row
}

async function checkParent(tx: Orm, siteId: string, parentId: string | null | undefined, selfId?: string): Promise<CollectionRow | null> {
  if (!parentId) return null
  if (parentId === selfId) throw invalid('parentId', 'A page cannot be inside itself.')
  const [p] = await tx.select().from(contentCollections).where(and(eq(contentCollections.siteId, siteId), eq(contentCollections.id, parentId)))
  if (!p || !p.folder) throw invalid('parentId', 'Choose a folder or index page as the parent.')
  return p
}

function slugFrom(input: string | undefined, fallback: string, parent: CollectionRow | null): { slug: string; exact: boolean } {
  const given = input !== undefined && input.trim() !== ''
  const slug = urlSlugWithSlash(given ? input! : fallback)
  if (!slug) throw invalid('urlId', 'Enter a page URL with letters or digits.')
  const full = !given && parent ? `${parent.urlId}/${slug}` : slug
  if (RESERVED_SEGMENTS.has(full.split('/')[0]!)) throw invalid('urlId', `/${full} is reserved: choose another URL.`)
  return { slug: full, exact: given }
}

const urlTaken = (tx: Orm, siteId: string, exceptId?: string) => async (slug: string) => {
  const conds = [eq(contentCollections.siteId, siteId), eq(contentCollections.urlId, slug)]
  if (exceptId) conds.push(ne(contentCollections.id, exceptId))
  const [row] = await tx.select({ id: contentCollections.id }).from(contentCollections).where(and(...conds))
  return row !== undefined
}

/** Column values for the fields present in `input` (shared by create and update). */
async function fields(input: UpdateCollection, existing: CollectionRow | null): Promise<Partial<typeof contentCollections.$inferInsert>> {
  const v: Partial<typeof contentCollections.$inferInsert> = {}
  if (input.title !== undefined) v.title = input.title
  if (input.navigationTitle !== undefined) v.navigationTitle = input.navigationTitle
  if (input.description !== undefined) v.description = sanitizeHtml(input.description, { iframes: false })
  if (input.navigation !== undefined) v.navigation = input.navigation
  if (input.folderBehavior !== undefined) v.folderBehavior = input.folderBehavior
  if (input.backgroundSource !== undefined) v.backgroundSource = input.backgroundSource
  if (input.mainImageId !== undefined) v.mainImageId = input.mainImageId
  if (input.calendarView !== undefined) v.calendarView = input.calendarView
  if (input.showPastOrUpcomingEvents !== undefined) v.showPastOrUpcoming = input.showPastOrUpcomingEvents
  if (input.view !== undefined) v.view = input.view
  if (input.pageSize !== undefined) v.pageSize = input.pageSize
  if (input.galleryOptions !== undefined) v.gallery = stamp('gallery', { options: input.galleryOptions })
  if (input.layout !== undefined) v.layout = prepareLayout(input.layout)
  if (input.seoTitle !== undefined) v.seoTitle = input.seoTitle
  if (input.seoDescription !== undefined) v.seoDescription = input.seoDescription
  if (input.seoHidden !== undefined) v.seoHidden = input.seoHidden
  if (input.status !== undefined) v.status = input.status
  if (input.publishOn !== undefined) v.publishOn = input.publishOn
  if (input.status === 'scheduled' && input.publishOn === undefined && (!existing || existing.publishOn.getTime() <= Date.now())) {
    throw invalid('publishOn', 'Choose when to publish a scheduled page.')
  }
  // lock: a password sets the password lock; `password: null` or `lock: 'none'` removes it
  if (input.password !== undefined) {
    v.lockPasswordHash = input.password === null ? null : await hashLockPassword(input.password)
    if (input.password !== null && input.lock === undefined) v.lock = 'password'
    if (input.password === null && input.lock === undefined && existing?.lock === 'password') v.lock = 'none'
  }
  if (input.lock !== undefined) {
    v.lock = input.lock
    const hasHash = v.lockPasswordHash !== undefined ? v.lockPasswordHash !== null : existing?.lockPasswordHash != null
    if (input.lock === 'password' && !hasHash) throw invalid('password', 'Enter a password to lock this page.')
  }
  if (input.popupOverlay !== undefined || input.typeLabel !== undefined) {
    const settings: CollectionSettings = { ...(existing ? settingsOf(existing) : {}) }
    if (input.popupOverlay === null) delete settings.popupOverlay
    else if (input.popupOverlay) {
      const version = (settings.popupOverlay?.version ?? 0) + 1
      settings.popupOverlay = { ...input.popupOverlay, body: sanitizeHtml(input.popupOverlay.body, { iframes: false }), version }
    }
    if (input.typeLabel !== undefined) settings.typeLabel = input.typeLabel
    v.settings = settings
  }
  return v
}

export async function createCollection(orm: Orm, siteId: string, input: CreateCollection): Promise<CollectionRow> {
  const extra = await fields(input, null)
  return orm.transaction(async (tx) => {
    const parent = await checkParent(tx, siteId, input.parentId)
    const { slug, exact } = slugFrom(input.urlId, input.title, parent)
    const urlId = await freeSlug(slug, urlTaken(tx, siteId), exact)
    const navigation: Navigation = input.navigation ?? (parent ? (parent.navigation as Navigation) : 'main')
    const [last] = await tx.select({ n: max(contentCollections.ordering) }).from(contentCollections).where(and(eq(contentCollections.siteId, siteId), eq(contentCollections.navigation, navigation)))
    if (input.homepage) await tx.update(contentCollections).set({ homepage: false }).where(and(eq(contentCollections.siteId, siteId), eq(contentCollections.homepage, true)))
    const typeName = input.typeName
    const [row] = await tx
      .insert(contentCollections)
      .values({
        folderBehavior: typeName === 'folder' ? FOLDER_BEHAVIOR.REDIRECT : FOLDER_BEHAVIOR.INDEX,
        ...extra,
        id: newId(),
        siteId,
        parentId: parent?.id ?? null,
        type: TYPE_OF_NAME[typeName],
        typeName,
        title: input.title,
        urlId,
        navigation,
        ordering: (last?.n ?? 0) + 1,
        folder: FOLDER_TYPES.has(typeName),
        homepage: input.homepage === true,
      })
      .returning()
    return row!
  })
}

/** Changes a collection; with `ifVersion`, only if it is still at that version (else VersionConflict). */
export async function updateCollection(orm: Orm, siteId: string, collectionId: string, input: UpdateCollection, ifVersion?: number): Promise<CollectionRow> {
  const existing = await getCollection(orm, siteId, collectionId)
  if (ifVersion !== undefined && ms(existing.updatedAt) !== ifVersion) throw new VersionConflict(ms(existing.updatedAt)!)
  const values = await fields(input, existing)
  return orm.transaction(async (tx) => {
    if (input.parentId !== undefined) {
      const parent = await checkParent(tx, siteId, input.parentId, collectionId)
      values.parentId = parent?.id ?? null
    }
    if (input.urlId !== undefined && input.urlId.trim() !== '' && urlSlugWithSlash(input.urlId) !== existing.urlId) {
      const { slug } = slugFrom(input.urlId, existing.title, null)
      values.urlId = await freeSlug(slug, urlTaken(tx, siteId, collectionId), true)
      if (!existing.homepage) await recordRedirect(tx, siteId, `/${existing.urlId}`, `/${values.urlId}`)
    }
    if (input.homepage) {
      await tx.update(contentCollections).set({ homepage: false }).where(and(eq(contentCollections.siteId, siteId), eq(contentCollections.homepage, true)))
      values.homepage = true
    }
    const [row] = await tx
      .update(contentCollections)
      .set({ ...values, updatedAt: nextUpdatedAt() })
      .where(and(eq(contentCollections.siteId, siteId), eq(contentCollections.id, collectionId), ifVersion === undefined ? undefined : atVersion(contentCollections.updatedAt, ifVersion)))
      .returning()
    if (row) return row
    const [now] = ifVersion === undefined ? [] : await tx.select({ updatedAt: contentCollections.updatedAt }).from(contentCollections).where(and(eq(contentCollections.siteId, siteId), eq(contentCollections.id, collectionId)))
    if (now) throw new VersionConflict(ms(now.updatedAt)!)
    throw new AppError('not_found', 'collection_not_found', 'No such page or collection.')
  })
}

export async function setCollectionLayout(orm: Orm, siteId: string, collectionId: string, layout: LayoutInput, ifVersion?: number): Promise<CollectionRow> {
  return updateCollection(orm, siteId, collectionId, { layout }, ifVersion)
}

export async function deleteCollection(orm: Orm, siteId: string, collectionId: string): Promise<void> {
  const rows = await orm.delete(contentCollections).where(and(eq(contentCollections.siteId, siteId), eq(contentCollections.id, collectionId))).returning({ id: contentCollections.id })
  if (rows.length === 0) throw new AppError('not_found', 'collection_not_found', 'No such page or collection.')
}

/** `ids` first, in that order (moved into `navigation`); the section's other pages follow in their order. */
export async function reorderCollections(orm: Orm, siteId: string, navigation: Navigation, ids: string[]): Promise<void> {
  await orm.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      const rows = await tx
        .update(contentCollections)
        .set({ ordering: i + 1, navigation, updatedAt: nextUpdatedAt() })
        .where(and(eq(contentCollections.siteId, siteId), eq(contentCollections.id, id)))
        .returning({ id: contentCollections.id })
      if (rows.length === 0) throw new AppError('not_found', 'collection_not_found', 'No such page or collection.')
    }
    const rest = await tx
      .select({ id: contentCollections.id, ordering: contentCollections.ordering })
      .from(contentCollections)
      .where(and(eq(contentCollections.siteId, siteId), eq(contentCollections.navigation, navigation), notInArray(contentCollections.id, ids)))
      .orderBy(asc(contentCollections.ordering), asc(contentCollections.createdAt))
    for (const [j, r] of rest.entries()) {
      const ordering = ids.length + j + 1
      if (r.ordering !== ordering) await tx.update(contentCollections).set({ ordering, updatedAt: nextUpdatedAt() }).where(and(eq(contentCollections.siteId, siteId), eq(contentCollections.id, r.id)))
    }
  })
}
