// Loads the site's pages and collections and performs the tree's writes (create, rename, move, duplicate, delete).
// Moves are the navigation's draft (issue 36): the tree shows the draft's places, visitors the published ones until
// the owner publishes the navigation.
import { useCallback, useEffect, useState } from 'react'
import type { Collection, Navigation, NavigationState } from '../api/content.js'
import { useServices } from '../services/services.js'
import { planMove } from '../structure/tree.js'
import { newId } from '../editor/core/document.js'
import { toLayout } from '../editor/core/layout.js'
import { openEditable } from '../editor/core/open.js'
import { UNABLE_TO_LOAD_COLLECTIONS } from '../ui/loadErrors.js'

export const COLLECTIONS_ERROR = UNABLE_TO_LOAD_COLLECTIONS

/** The pages with the navigation draft's places (section, order, navigation title, folder) applied. */
export function withNavigation(collections: readonly Collection[], nav: NavigationState | null): Collection[] {
  if (!nav) return [...collections]
  const places = new Map(nav.pages.map((p) => [p.id, p]))
  return collections.map((c) => {
    const p = places.get(c.id)
    return p ? { ...c, navigation: p.navigation as Navigation, ordering: p.ordering, navigationTitle: p.navigationTitle, parentId: p.parentId } : c
  })
}

export function usePageTree() {
  const { content, siteId } = useServices()
  const [collections, setCollections] = useState<Collection[] | null>(null)
  const [nav, setNav] = useState<NavigationState | null>(null)
  const [error, setError] = useState<string | null>(null)

  const reload = useCallback(async () => {
    const [r, n] = await Promise.all([content.collections(siteId), content.navigation(siteId)])
    if (!r.ok) return setError(r.error.kind === 'network' || r.error.kind === 'unreachable' ? r.error.message : COLLECTIONS_ERROR)
    setError(null)
    setNav(n.ok ? n.data : null)
    setCollections(withNavigation(r.data.collections, n.ok ? n.data : null))
  }, [content, siteId])

  useEffect(() => void reload(), [reload])

  const replace = useCallback((c: Collection) => setCollections((list) => (list ?? []).map((x) => (x.id === c.id ? withNavigation([c], nav)[0]! : x))), [nav])

  const create = useCallback(
    async (input: { typeName: string; title: string; navigation: Navigation }): Promise<Collection | string> => {
      const r = await content.createCollection(siteId, { ...input, ...(input.typeName === 'page' ? { status: 'draft' } : {}) } as never)
      if (!r.ok) return r.error.fields.title ?? r.error.message
      setCollections((list) => [...(list ?? []), r.data.collection])
      return r.data.collection
    },
    [content, siteId],
  )

  const rename = useCallback(
    async (id: string, title: string): Promise<string | null> => {
      if (!title.trim()) return 'Enter a title.'
      const r = await content.updateCollection(siteId, id, { title: title.trim() })
      if (!r.ok) return r.error.fields.title ?? r.error.message
      replace(r.data.collection)
      return null
    },
    [content, siteId, replace],
  )

  const move = useCallback(
    async (id: string, nav: Navigation, index: number, parentId: string | null = null) => {
      const list = collections ?? []
      const plan = planMove(list, id, nav, index, parentId)
      if (!plan) return
      const byId = new Map(list.map((c) => [c.id, c]))
      const pages = plan.order.map((x) => ({ id: x, navigation: plan.navigation, parentId: x === id ? parentId : (byId.get(x)?.parentId ?? null) }))
      const r = await content.putNavigation(siteId, { pages })
      if (!r.ok) return setError(r.error.message)
      setNav(r.data)
      setCollections((all) => withNavigation(all ?? [], r.data))
    },
    [collections, content, siteId],
  )

  /** Publishes the navigation's draft: visitors see it. */
  const publishNavigation = useCallback(async (): Promise<string | null> => {
    const r = await content.publishNavigation(siteId)
    if (!r.ok) return r.error.message
    setNav(r.data.navigation)
    setCollections((all) => withNavigation(all ?? [], r.data.navigation))
    return null
  }, [content, siteId])

  /** Drops the navigation's draft: the published places again. */
  const discardNavigation = useCallback(async (): Promise<string | null> => {
    const r = await content.discardNavigation(siteId)
    if (!r.ok) return r.error.message
    setNav(r.data)
    setCollections((all) => withNavigation(all ?? [], r.data))
    return null
  }, [content, siteId])

  const remove = useCallback(
    async (id: string) => {
      const r = await content.deleteCollection(siteId, id)
      if (!r.ok) return setError(r.error.message)
      setCollections((list) => (list ?? []).filter((c) => c.id !== id && c.parentId !== id))
    },
    [content, siteId],
  )

  // a copy of a layout page beside it, as a draft, with fresh block and section ids (same content)
  const duplicate = useCallback(
    async (id: string): Promise<Collection | null> => {
      const c = collections?.find((x) => x.id === id)
      if (!c || c.typeName !== 'page') return null
      const doc = openEditable(c.layout)
      const fresh = { ...doc, sections: doc.sections.map((s) => ({ id: newId('s'), blocks: s.blocks.map((b) => ({ ...b, id: newId() })) })) }
      const body = { typeName: 'page', title: `${c.title} (copy)`, navigation: c.navigation, status: 'draft', layout: toLayout(fresh) }
      const r = await content.createCollection(siteId, body as never)
      if (!r.ok) {
        setError(r.error.message)
        return null
      }
      setCollections((list) => [...(list ?? []), r.data.collection])
      return r.data.collection
    },
    [collections, content, siteId],
  )

  return { collections, error, reload, replace, create, rename, move, remove, duplicate, navigationUnpublished: nav?.unpublished === true, publishNavigation, discardNavigation }
}
