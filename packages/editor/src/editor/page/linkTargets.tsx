// Where links can point: the site's pages (from the page tree) and its files (loaded once, on first use).
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { Collection } from '../../api/content.js'
import type { FileAsset } from '../../api/files.js'
import type { LinkTargets } from '../../dialogs/link/link.js'
import { useServices } from '../../services/services.js'

const Ctx = createContext<readonly Collection[]>([])

export function LinkTargetsProvider({ collections, children }: { collections: readonly Collection[]; children: ReactNode }) {
  return <Ctx.Provider value={collections}>{children}</Ctx.Provider>
}

export function useLinkTargets(): LinkTargets {
  const collections = useContext(Ctx)
  const { files, siteId } = useServices()
  const [list, setList] = useState<FileAsset[]>([])
  useEffect(() => {
    let live = true
    void files.list(siteId).then((r) => live && r.ok && setList(r.data.files))
    return () => {
      live = false
    }
  }, [files, siteId])
  return useMemo(
    () => ({
      pages: collections.map((c) => ({ path: c.fullUrl, title: c.title })),
      files: list.map((f) => ({ assetUrl: f.assetUrl, filename: f.filename })),
    }),
    [collections, list],
  )
}

export function useCollections(): readonly Collection[] {
  return useContext(Ctx)
}

const cache = new Map<string, FileAsset>()

/** A file by id (cached), for previews of image and gallery blocks. */
export function useFileAsset(id: string | undefined): FileAsset | null {
  const { files, siteId } = useServices()
  const [file, setFile] = useState<FileAsset | null>(id ? (cache.get(id) ?? null) : null)
  useEffect(() => {
    if (!id) return setFile(null)
    const hit = cache.get(id)
    if (hit) return setFile(hit)
    let live = true
    void files.get(siteId, id).then((r) => {
      if (!r.ok || !live) return
      cache.set(id, r.data.file)
      setFile(r.data.file)
    })
    return () => {
      live = false
    }
  }, [id, files, siteId])
  return file
}

/** The latest known state of a file (after edits remembered with rememberFile), or null. */
export function cachedFile(id: string): FileAsset | null {
  return cache.get(id) ?? null
}

export function rememberFile(file: FileAsset): void {
  cache.set(file.id, file)
}
