// Saving a page's layout with conflict detection. The version is the page's `updatedOn`: a save is based on the
// version the editor loaded (or last saved). The PUT carries `If-Match` and the server checks it inside the write:
// a page changed elsewhere since is refused with 409 version_conflict and nothing is stored. One request per save.
import type { ContentApi } from '../../api/content.js'
import type { LoadOutcome, SaveOutcome } from '../core/autosave.js'
import type { PageDocument } from '../core/document.js'
import { toLayout } from '../core/layout.js'
import { openEditable } from '../core/open.js'

export function fieldMessage(fields: Record<string, string>): string | null {
  const [key, message] = Object.entries(fields)[0] ?? []
  if (!key || !message) return null
  const m = /blocks\.(\d+)/.exec(key)
  return m ? `Block ${Number(m[1]) + 1}: ${message}` : message
}

export function createLayoutSaver(api: ContentApi, siteId: string, pageId: string) {
  return {
    async save(doc: PageDocument, base: number): Promise<SaveOutcome<number>> {
      const res = await api.putLayout(siteId, pageId, toLayout(doc), base)
      if (res.ok) return { kind: 'saved', version: res.data.collection.updatedOn }
      if (res.error.status === 409 || res.error.status === 412) return { kind: 'conflict' }
      return { kind: 'error', message: fieldMessage(res.error.fields) ?? res.error.message }
    },
    async load(): Promise<LoadOutcome<PageDocument, number>> {
      const res = await api.collection(siteId, pageId)
      if (!res.ok) return { kind: 'error', message: res.error.message }
      return { kind: 'loaded', doc: openEditable(res.data.collection.layout), version: res.data.collection.updatedOn }
    },
  }
}
