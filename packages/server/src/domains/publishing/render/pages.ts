// Builds the context of a resolved page (CONTEXT.md), including lock screens and system pages.
import { COLLECTION_TYPES, FOLDER_BEHAVIOR, SLIDE_TYPES } from '@sitewright/contracts'
import { collectionSettingsOf, htmlToText, itemDataOf, PAGE_TYPES, type CollectionRow, type ItemRow } from '../../content/index.js'
import { baseContext, withLogo, type BaseOptions } from './base.js'
import { layoutContext } from './blocks.js'
import { calendarMonths, splitEvents } from './events.js'
import { itemContexts, itemLink } from './items.js'
import type { Target } from '../context/index.js'
import { childCollections, collectionContext, fullUrlOf, liveCollection, type SiteScope } from '../context/index.js'
import { searchResults } from './search.js'
import type { Theme } from './theme.js'
import type { CommentContext, CommentThreadNode } from '../context/index.js'
import type { Json, MemberVisitor, PageContext } from '../context/index.js'

export const LOCKED_MESSAGE = 'This page is locked'
export const MEMBERS_MESSAGE = 'This page available only site members'
export const WRONG_PASSWORD = 'That password is not right. Please try again.'
export const TOO_MANY_GUESSES = 'Too many wrong passwords. Please wait a while and try again.'
const SEARCH_PAGE_SIZE = 20

export interface PageQuery {
  page: number
  tag?: string | undefined
  category?: string | undefined
  q?: string | undefined
  view?: string | undefined
}

export interface PageRequest {
  path: string
  query: PageQuery
  /** Printed as `sitewright.crumb` (a placeholder when the page is cached). */
  crumb: string
  unlocked(c: CollectionRow): boolean
  member: MemberVisitor | null
  lockError?: string | undefined
}

export interface PageResult {
  status: number
  context?: PageContext
  redirect?: string
  /** Set when the page is a lock screen (a visitor holding that page's unlock cookie must not get it from cache). */
  lockedCollectionId?: string
}

const plain = (html: string, max = 160) => {
  const t = htmlToText(html)
  return t.length > max ? `${t.slice(0, max - 3).trimEnd()}...` : t
}

/** `assetUrl`: the content-hashed URL of a built file (the storefront script, the theme CSS). */
export function createPages(theme: Theme, assetUrl: (path: string) => string = (p) => p) {
  async function ctx(scope: SiteScope, o: Omit<BaseOptions, 'template'> & { template?: string; collection?: { typeName?: string; view?: string } }): Promise<PageContext> {
    const template = o.template ?? theme.pick(o.pageType, o.collection)
    const c = baseContext(scope, { ...o, template })
    // The storefront entry's URL is a versioned directory (`/assets/storefront/v/<hash>/storefront.js`, immutable):
    // its lazy chunks import it by the relative `../storefront.js`, which resolves to that same URL (one module).
    c.sitewright = { ...c.sitewright, storefrontScript: assetUrl(c.sitewright.storefrontScript), themeCss: assetUrl(c.sitewright.themeCss) }
    return withLogo(scope, c)
  }

  /** The collection's popup overlay; its newsletter form resolved like a form block's (left out when it is gone). */
  async function popupOf(scope: SiteScope, c: CollectionRow | undefined): Promise<Json | undefined> {
    const p = c ? collectionSettingsOf(c).popupOverlay : undefined
    if (!c || !p) return undefined
    const forms = p.formId && scope.deps.forms ? await scope.deps.forms(scope.site.id, [p.formId]) : undefined
    const form = p.formId ? forms?.get(p.formId) : undefined
    return { id: `popup-${c.id}`, slideType: SLIDE_TYPES.POPUP_OVERLAY, version: p.version, title: p.title, body: p.body, buttonText: p.buttonText, ...(p.buttonUrl ? { buttonUrl: p.buttonUrl } : {}), ...(p.formId ? { formId: p.formId } : {}), ...(form ? { form } : {}), storageKeys: { dateClosed: 'date-closed', version: 'version', submitted: 'submitted' } }
  }

  async function notFound(scope: SiteScope, r: PageRequest): Promise<PageResult> {
    return { status: 404, context: await ctx(scope, { path: r.path, pageType: PAGE_TYPES.NOT_FOUND, title: 'Page not found', noindex: true, crumb: r.crumb }) }
  }

  /** The lock screen / members-only page instead of `c`, or null when the visitor may see it. */
  async function lockFor(scope: SiteScope, c: CollectionRow, r: PageRequest): Promise<PageResult | null> {
    if (c.lock === 'password' && !r.unlocked(c)) {
      const context = await ctx(scope, { path: r.path, pageType: PAGE_TYPES.LOCK_SCREEN, title: LOCKED_MESSAGE, noindex: true, crumb: r.crumb })
      context.lock = { message: LOCKED_MESSAGE, passwordRequired: true, slideType: SLIDE_TYPES.LOCK_SCREEN, ...(r.lockError ? { error: r.lockError } : {}) }
      context.collection = { id: c.id, typeName: c.typeName, title: c.title, urlId: c.urlId, fullUrl: fullUrlOf(c), passwordProtected: true, membersOnly: false }
      return { status: 403, context, lockedCollectionId: c.id }
    }
    // member areas: members-only pages and every page of the `_memberareas` section
    const readable = r.member ? (r.member.canRead ? r.member.canRead(c.id) : r.member.isMember) : false
    if ((c.lock === 'members' || c.navigation === '_memberareas') && !readable) {
      const pageType = r.member?.signedIn ? PAGE_TYPES.MEMBER_AREA_ACCESS_DENIED : PAGE_TYPES.PROTECTED_CONTENT
      const context = await ctx(scope, { path: r.path, pageType, title: 'Members only', noindex: true, crumb: r.crumb })
      // a paid area offers its membership (price and Join) besides the sign-in form
      const paywall = scope.deps.paywall ? await scope.deps.paywall(scope.site.id, c.id) : null
      context.lock = { message: MEMBERS_MESSAGE, passwordRequired: false, slideType: SLIDE_TYPES.LOCK_SCREEN, ...(paywall ? { paywall } : {}) }
      context.collection = { id: c.id, typeName: c.typeName, title: c.title, urlId: c.urlId, fullUrl: fullUrlOf(c), passwordProtected: false, membersOnly: true }
      return { status: 403, context }
    }
    return null
  }

  function pagination(base: string, page: number, pageSize: number, total: number, extra: Record<string, string | undefined> = {}): Json {
    const pageCount = Math.max(1, Math.ceil(total / pageSize))
    const url = (n: number) => {
      const qs = new URLSearchParams()
      for (const [k, v] of Object.entries(extra)) if (v) qs.set(k, v)
      if (n > 1) qs.set('page', String(n))
      const s = qs.toString()
      return s ? `${base}?${s}` : base
    }
    return { pageSize, page, pageCount, nextPage: page < pageCount, ...(page < pageCount ? { nextPageUrl: url(page + 1) } : {}), prevPage: page > 1, ...(page > 1 ? { prevPageUrl: url(page - 1) } : {}) }
  }

  async function collectionPage(scope: SiteScope, c: CollectionRow, r: PageRequest): Promise<PageResult> {
    const locked = await lockFor(scope, c, r)
    if (locked) return locked
    if (c.folder) {
      const kids = scope.collections.filter((k) => k.parentId === c.id && liveCollection(scope, k) && k.navigation !== '_hidden')
      if (c.folderBehavior === FOLDER_BEHAVIOR.REDIRECT) return kids[0] ? { status: 302, redirect: fullUrlOf(kids[0]) } : notFound(scope, r)
      if (c.folderBehavior === FOLDER_BEHAVIOR.NONE) return notFound(scope, r)
    }
    const page = c.typeName === 'page' || c.type === COLLECTION_TYPES.TEMPLATE_PAGE ? PAGE_TYPES.PAGE : c.typeName === 'splash-page' ? PAGE_TYPES.SPLASH_PAGE : PAGE_TYPES.CONTENT_COLLECTION
    const collection = await collectionContext(scope, c)
    const mainImage = collection.mainImage as { assetUrl?: string } | undefined
    const listPage = r.query.page > 1 ? `?page=${r.query.page}` : ''
    const context = await ctx(scope, {
      path: r.path,
      pageType: page,
      collection: { typeName: c.typeName, view: collection.view as string | undefined },
      title: c.homepage ? c.seoTitle : c.seoTitle || c.title,
      description: c.seoDescription || plain(c.description) || undefined,
      canonicalPath: fullUrlOf(c) + (r.query.tag || r.query.category ? '' : listPage),
      ogImage: mainImage?.assetUrl,
      noindex: c.seoHidden,
      crumb: r.crumb,
    })
    context.collection = collection
    const popup = await popupOf(scope, c)
    if (popup) context.popupOverlay = popup
    const layout = await layoutContext(scope, c.layout, c.id)
    if (layout && (page === PAGE_TYPES.PAGE || page === PAGE_TYPES.SPLASH_PAGE)) context.layout = layout
    if (c.folder) collection.collections = await childCollections(scope, c)
    const site = scope.site.id
    if (c.typeName === 'blog' || (c.type === 1 && !c.folder && !['events', 'gallery'].includes(c.typeName))) {
      const { tags, categories } = await scope.content.tagsAndCategories(site, c.id, scope.now)
      collection.tags = tags
      collection.categories = categories
      const { rows, total } = await scope.content.liveItems(site, c.id, { now: scope.now, limit: c.pageSize, offset: (r.query.page - 1) * c.pageSize, order: 'recent', tag: r.query.tag, category: r.query.category })
      context.items = await itemContexts(scope, rows)
      context.pagination = pagination(fullUrlOf(c), r.query.page, c.pageSize, total, { tag: r.query.tag, category: r.query.category })
      if (r.query.tag || r.query.category) context.filter = { ...(r.query.tag ? { tag: r.query.tag } : {}), ...(r.query.category ? { category: r.query.category } : {}) }
    } else if (c.typeName === 'events') {
      const { rows } = await scope.content.liveItems(site, c.id, { now: scope.now, limit: 500, order: 'start' })
      const items = await itemContexts(scope, rows)
      context.items = items
      const { upcoming, past } = splitEvents(items, scope.now.getTime())
      const calendar = r.query.view === 'calendar' || (c.calendarView && r.query.view !== 'list')
      collection.calendarView = calendar
      context.events = { upcoming, past, ...(calendar ? { calendar: calendarMonths(items, scope.now.getTime(), scope.settings.timeZone) } : {}) }
    } else if (c.typeName === 'gallery') {
      const { rows } = await scope.content.liveItems(site, c.id, { now: scope.now, limit: 250, order: 'manual' })
      context.items = await itemContexts(scope, rows)
    } else if (c.typeName === 'products') {
      const pageSize = Math.min(c.pageSize, 200)
      const res = scope.deps.products ? await scope.deps.products.listProducts(site, c.id, { page: r.query.page, pageSize, collectionUrl: fullUrlOf(c) }) : { items: [], total: 0 }
      context.items = res.items as unknown as Json[]
      collection.itemCount = res.total
      context.pagination = pagination(fullUrlOf(c), r.query.page, pageSize, res.total)
    }
    return { status: 200, context }
  }

  async function itemPage(scope: SiteScope, c: CollectionRow, item: ItemRow, r: PageRequest): Promise<PageResult> {
    const locked = await lockFor(scope, c, r)
    if (locked) return locked
    const [it] = await itemContexts(scope, [item])
    const itemCtx = it!
    const layout = await layoutContext(scope, item.layout)
    if (layout) itemCtx.layout = layout
    const image = itemCtx.mainImage as { assetUrl?: string } | undefined
    const collection = await collectionContext(scope, c)
    // the owner's SEO title, description and social image first (a post's search and sharing settings)
    const seo = itemDataOf(item)
    const social = seo.socialImageId ? (await scope.images([seo.socialImageId])).get(seo.socialImageId) : undefined
    const context = await ctx(scope, {
      path: r.path,
      pageType: PAGE_TYPES.CONTENT_ITEM,
      collection: { typeName: c.typeName },
      title: seo.seoTitle || item.title,
      exactTitle: Boolean(seo.seoTitle),
      description: seo.seoDescription || plain(item.excerpt || item.body) || undefined,
      canonicalPath: itemCtx.fullUrl as string,
      ogType: 'article',
      ogImage: social?.assetUrl ?? image?.assetUrl ?? (itemCtx.assetUrl as string | undefined),
      noindex: c.seoHidden,
      crumb: r.crumb,
    })
    context.collection = collection
    context.item = itemCtx
    const order = c.typeName === 'gallery' ? 'manual' : c.typeName === 'events' ? 'start' : 'recent'
    const { prev, next } = await scope.content.adjacentItems(scope.site.id, item, order, scope.now)
    const prevItem = itemLink(scope, prev)
    const nextItem = itemLink(scope, next)
    context.pagination = { ...(prevItem ? { prevItem } : {}), ...(nextItem ? { nextItem } : {}) }
    const open = itemCtx.commentState === 1 || Number(itemCtx.publicCommentCount) > 0
    if (scope.settings.commentsEnabled && open && scope.deps.social) context.comments = (await scope.deps.social.approvedComments(scope.site.id, item.id)).map(commentContext)
    const popup = await popupOf(scope, c)
    if (popup) context.popupOverlay = popup
    return { status: 200, context }
  }

  async function productPage(scope: SiteScope, c: CollectionRow, product: Json, r: PageRequest): Promise<PageResult> {
    const locked = await lockFor(scope, c, r)
    if (locked) return locked
    // the owner's SEO title, description and social image first; else the product's title, excerpt and main image
    const seo = (product.seoData ?? {}) as { seoTitle?: string; seoDescription?: string; socialImage?: { assetUrl?: string } }
    const image = seo.socialImage?.assetUrl ?? (product.mainImage as { assetUrl?: string } | undefined)?.assetUrl ?? (product.assetUrl as string | undefined)
    const title = seo.seoTitle || String(product.title ?? '')
    const description = seo.seoDescription || plain(String(product.excerpt ?? product.body ?? '')) || undefined
    const context = await ctx(scope, { path: r.path, pageType: PAGE_TYPES.CONTENT_ITEM, collection: { typeName: 'products' }, title, exactTitle: Boolean(seo.seoTitle), description, canonicalPath: String(product.fullUrl ?? r.path), ogType: 'product', ogImage: image, crumb: r.crumb })
    context.collection = await collectionContext(scope, c)
    context.item = product
    const merchandising = await scope.deps.merchandising?.(scope.site.id, product)
    if (merchandising) context.productMerchandisingContext = { [String(product.id)]: merchandising }
    return { status: 200, context }
  }

  async function searchPage(scope: SiteScope, r: PageRequest): Promise<PageResult> {
    const query = (r.query.q ?? '').trim().slice(0, 200)
    const context = await ctx(scope, { path: r.path, pageType: PAGE_TYPES.SEARCH, title: 'Search', noindex: true, crumb: r.crumb })
    const { total, results } = await searchResults(scope, query, (r.query.page - 1) * SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE)
    context.search = { query, total, results }
    if (query) context.pagination = pagination('/search', r.query.page, SEARCH_PAGE_SIZE, total, { q: query })
    return { status: 200, context }
  }

  return {
    async build(scope: SiteScope, target: Target, r: PageRequest): Promise<PageResult> {
      switch (target.kind) {
        case 'redirect':
          return { status: target.status, redirect: target.location }
        case 'not-found':
          return notFound(scope, r)
        case 'search':
          return searchPage(scope, r)
        case 'collection':
          return collectionPage(scope, target.collection, r)
        case 'item':
          return itemPage(scope, target.collection, target.item, r)
        case 'product':
          return productPage(scope, target.collection, target.product as unknown as Json, r)
        case 'popup': {
          const owner = scope.collections.find((c) => c.homepage && collectionSettingsOf(c).popupOverlay) ?? scope.collections.find((c) => liveCollection(scope, c) && collectionSettingsOf(c).popupOverlay)
          const popup = await popupOf(scope, owner)
          if (!popup) return notFound(scope, r)
          const context = await ctx(scope, { path: r.path, pageType: PAGE_TYPES.POPUP_OVERLAY, title: String(popup.title), noindex: true, crumb: r.crumb })
          context.popupOverlay = popup
          return { status: 200, context }
        }
        case 'empty-home': {
          const context = await ctx(scope, { path: '/', pageType: PAGE_TYPES.PAGE, title: '', crumb: r.crumb })
          return { status: 200, context }
        }
      }
    },
    notFound,
    /** ERROR (101): a themed page with the site-level context only; never a stack trace. */
    async error(scope: SiteScope, path: string, crumb: string): Promise<PageResult> {
      return { status: 500, context: await ctx(scope, { path, pageType: PAGE_TYPES.ERROR, title: 'Something went wrong', noindex: true, crumb }) }
    },
    /** A system page of another domain (cart, checkout, unsubscribe, ...): site context plus its fields. */
    async system(scope: SiteScope, path: string, crumb: string, page: { pageType: number; template: string; title: string; extra: Json }): Promise<PageContext> {
      const context = await ctx(scope, { path, pageType: page.pageType, template: page.template, title: page.title, noindex: true, crumb })
      return Object.assign(context, page.extra)
    },
  }
}

export type Pages = ReturnType<typeof createPages>

/** A thread comment as the context carries it: no parentId on a top-level comment (the context has no nulls). */
function commentContext(c: CommentThreadNode): CommentContext {
  const { parentId, replies, ...rest } = c
  return { ...rest, ...(parentId ? { parentId } : {}), replies: replies.map(commentContext) }
}
