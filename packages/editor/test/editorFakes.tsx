// In-memory stand-ins for the content and files APIs (same interfaces and answer shapes as the real clients),
// and a wrapper providing them to editor components under test.
import type { ReactNode } from 'react'
import type { ApiResult } from '../src/api/client.js'
import type { Collection, ContentApi } from '../src/api/content.js'
import type { FileAsset, FilesApi } from '../src/api/files.js'
import type { StylesApi } from '../src/api/styles.js'
import { NavigationProvider } from '../src/app/navigation.js'
import { ServicesProvider } from '../src/services/services.js'
import { formatSize, megabytes } from '../src/dialogs/files/sizes.js'
import { UPLOAD_LIMITS_MB } from '../src/dialogs/files/sniff.js'

const ok = <T,>(data: T, status = 200): ApiResult<T> => ({ ok: true, status, data })
const fail = (status: number, message: string, fields: Record<string, string> = {}): ApiResult<never> => ({
  ok: false,
  error: { kind: 'http', status, type: 'x', code: 'x', message, fields },
})

export function collection(id: string, extra: Partial<Collection> = {}): Collection {
  return {
    id, parentId: null, type: 10, typeName: 'page', title: id, navigationTitle: '', urlId: id, fullUrl: `/${id}`,
    navigation: 'main', ordering: 1, folder: false, homepage: false, layout: { v: 2, sections: [] }, lock: 'none',
    passwordSet: false, seoTitle: '', seoDescription: '', seoHidden: false, status: 'published', publishOn: null,
    updatedOn: 1000, ...extra,
  }
}

/** A content server holding collections; every write bumps updatedOn like the real one. */
export function contentServer(initial: Collection[]) {
  const pages = new Map(initial.map((c) => [c.id, structuredClone(c)]))
  const place = (c: Collection) => ({ id: c.id, navigation: c.navigation, ordering: c.ordering, navigationTitle: c.navigationTitle, parentId: c.parentId })
  const calls: string[] = []
  let clock = 2000
  const api: ContentApi = {
    collections: async () => ok({ collections: [...pages.values()] }),
    collection: async (_s, id) => {
      calls.push(`GET ${id}`)
      return pages.has(id) ? ok({ collection: structuredClone(pages.get(id)!) }) : fail(404, 'No such page or collection.')
    },
    createCollection: async (_s, body) => {
      const c = collection(`c${pages.size + 1}`, { title: body.title, typeName: body.typeName, updatedOn: ++clock })
      pages.set(c.id, c)
      return ok({ collection: c }, 201)
    },
    updateCollection: async (_s, id, patch) => {
      calls.push(`PATCH ${id} ${JSON.stringify(patch)}`)
      const c = { ...pages.get(id)!, ...(patch as Partial<Collection>), updatedOn: ++clock }
      pages.set(id, c)
      return ok({ collection: c })
    },
    deleteCollection: async (_s, id) => (pages.delete(id), ok(undefined)),
    reorder: async () => ok(undefined),
    putLayout: async (_s, id, layout, baseVersion) => {
      calls.push(`PUT ${id}`)
      // the server checks If-Match inside the write: a save based on another version is refused, nothing stored
      if (pages.get(id)!.updatedOn !== baseVersion) return fail(409, 'This page was changed elsewhere.')
      const c = { ...pages.get(id)!, layout, updatedOn: ++clock }
      pages.set(id, c)
      return ok({ collection: structuredClone(c) })
    },
    items: async () => ok({ items: [], total: 0 }),
    createItem: async () => fail(500, 'Something went wrong'),
    updateItem: async () => fail(500, 'Something went wrong'),
    deleteItem: async () => ok(undefined),
    reorderItems: async () => ok(undefined),
    navigation: async () => ok({ pages: [...pages.values()].map(place), unpublished: false, updatedOn: null }),
    putNavigation: async (_s, body) => {
      calls.push(`NAV ${JSON.stringify(body.pages)}`)
      body.pages.forEach((p, i) => pages.set(p.id, { ...pages.get(p.id)!, navigation: p.navigation, ordering: i + 1, parentId: p.parentId ?? null }))
      return ok({ pages: [...pages.values()].map(place), unpublished: true, updatedOn: ++clock })
    },
    publishNavigation: async () => ok({ published: 0, navigation: { pages: [...pages.values()].map(place), unpublished: false, updatedOn: null } }),
    discardNavigation: async () => ok({ pages: [...pages.values()].map(place), unpublished: false, updatedOn: null }),
  }
  return {
    api,
    calls,
    pages,
    /** Another tab saves the page. */
    editElsewhere(id: string, layout: unknown) {
      pages.set(id, { ...pages.get(id)!, layout, updatedOn: ++clock })
    },
  }
}

export function fileAsset(id: string, extra: Partial<FileAsset> = {}): FileAsset {
  return {
    id, filename: `${id}.png`, mimeType: 'image/png', kind: 'image', size: 1234, sizeText: '1.21 KB',
    assetUrl: `/files/demo/${id}/${id}.png`, originalSize: '10x10', mediaFocalPoint: { x: 0.5, y: 0.5 }, altText: '', colorData: null,
    title: '', body: '', systemDataVariants: '', status: 'ready', error: null, crop: null, createdOn: 0, updatedOn: 0, ...extra,
  }
}

export function filesServer(files: FileAsset[] = [], overrides: Partial<FilesApi> = {}): FilesApi {
  return {
    limits: async () =>
      ok({ limits: Object.fromEntries(Object.entries(UPLOAD_LIMITS_MB).map(([k, mb]) => [k, { megabytes: mb, bytes: megabytes(mb), maxSize: formatSize(megabytes(mb)) }])) }),
    list: async () => ok({ files, nextCursor: null }),
    get: async (_s, id) => {
      const f = files.find((x) => x.id === id)
      return f ? ok({ file: f }) : fail(404, 'No such file.')
    },
    update: async (_s, id, patch) => ok({ file: { ...files.find((x) => x.id === id)!, ...patch } }),
    remove: async () => ok(undefined),
    crop: async (_s, id, rect) => ok({ file: { ...files.find((x) => x.id === id)!, id: `${id}-crop`, crop: { sourceId: id, ...rect } } }),
    upload: async () => ({ kind: 'connection-lost' }),
    ...overrides,
  }
}

export const noStyles: StylesApi = {
  get: async () => fail(404, 'Not found'),
  save: async () => fail(404, 'Not found'),
  publish: async () => fail(404, 'Not found'),
  discardDraft: async () => fail(404, 'Not found'),
}

export const SITE = { id: 's1', slug: 'demo', title: 'Demo', role: 1, roleName: 'ADMIN', url: 'http://localhost/' }

export function Wrap({ children, content, files }: { children: ReactNode; content?: ContentApi; files?: FilesApi }) {
  return (
    <NavigationProvider>
      <ServicesProvider site={SITE} apis={{ content: content ?? contentServer([]).api, files: files ?? filesServer(), styles: noStyles }}>
        {children}
      </ServicesProvider>
    </NavigationProvider>
  )
}
