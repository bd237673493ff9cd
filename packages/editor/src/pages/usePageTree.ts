// Loads the site's pages and collections and performs the tree's writes (create, rename, move, duplicate, delete).
import { useCallback, useEffect, useState } from 'react'
import type { Collection, Navigation } from '../api/content.js'
import { useServices } from '../services/services.js'
import { planMove } from '../structure/tree.js'
import { newId } from '../editor/core/document.js'
import { toLayout } from '../editor/core/layout.js'
import { openEditable } from '../editor/core/open.js'
import { UNABLE_TO_LOAD_COLLECTIONS } from '../ui/loadErrors.js'

export const COLLECTIONS_ERROR = UNABLE_TO_LOAD_COLLECTIONS

export function usePageTree() {
  const { content, siteId } = useServices()
  const [collections, setCollections] = useState<Collection[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  const reload = useCallback(async () => {
    const r = await content.collections(siteId)
    if (!r.ok) return setError(r.error.kind === 'network' || r.error.kind === 'unreachable' ? r.error.message : COLLECTIONS_ERROR)
    setError(null)
    setCollections(r.data.collections)
  }, [content, siteId])

  useEffect(() => void reload(), [reload])

  const replace = useCallback((c: Collection) => setCollections((list) => (list ?? []).map((x) => (x.id === c.id ? c : x))), [])

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
      const plan = planMove(collections ?? [], id, nav, index, parentId)
      if (!plan) return
      if (plan.patch) {
        const r = await content.updateCollection(siteId, id, plan.patch)
        if (!r.ok) return setError(r.error.message)
      }
      const r = await content.reorder(siteId, plan.navigation, plan.order)
      if (!r.ok) setError(r.error.message)
      await reload()
    },
    [collections, content, siteId, reload],
  )

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

  return { collections, error, reload, replace, create, rename, move, remove, duplicate }
}
