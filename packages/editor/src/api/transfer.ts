// Whole-site export and import (Settings -> Export / Import). The export is downloaded with fetch, reading the
// stream to report progress against its exact Content-Length; the import is an upload over XMLHttpRequest (fetch
// cannot report upload progress) of the archive's bytes as they are.
import { SITE_ARCHIVE_MEDIA_TYPE, type SiteImportResult } from '@sitewright/contracts'
import { createApiClient, MESSAGES, type ApiClient } from './client.js'
import { sendBody, sendWithFreshCrumb, type XhrFactory } from './send-body.js'
import type { SiteId } from './types.js'

export type { SiteImportResult }

/** The spec's message for a job request answered without data. */
export const NO_JOB_DATA = 'No response data from job request'

export type Progress = (loaded: number, total: number) => void

export type ExportResult = { kind: 'saved'; filename: string; size: number } | { kind: 'error'; message: string }

export type ImportResult =
  | { kind: 'imported'; result: SiteImportResult }
  | { kind: 'error'; status: number; message: string; fields?: Record<string, string> }

export interface TransferClient {
  /** Downloads the site's archive (saved by the browser under the server's file name). */
  exportSite(siteId: SiteId, opts: { customerData: boolean; onProgress?: Progress }): Promise<ExportResult>
  /** Uploads an archive; the server makes a new site of it. `onSent`: the upload is done, the server is importing. */
  importSite(file: Blob, opts: { slug?: string; onProgress?: Progress; onSent?(): void }): Promise<ImportResult>
}


function errorOf(text: string): { message?: string; fields?: Record<string, string> } {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; fields?: Record<string, string> } }
    return { ...(typeof body.error?.message === 'string' ? { message: body.error.message } : {}), ...(body.error?.fields ? { fields: body.error.fields } : {}) }
  } catch {
    return {}
  }
}

function filenameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback
}

/** Hands the bytes to the browser as a download. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export function createTransferClient(
  client: ApiClient = createApiClient(),
  xhrFactory: XhrFactory = () => new XMLHttpRequest(),
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  download: (blob: Blob, filename: string) => void = save,
): TransferClient {
  return {
    async exportSite(siteId, { customerData, onProgress }) {
      let res: Response
      try {
        res = await fetchImpl(`/api/sites/${encodeURIComponent(siteId)}/export?customerData=${customerData ? '1' : '0'}`, { credentials: 'same-origin' })
      } catch {
        return { kind: 'error', message: MESSAGES.network }
      }
      if (!res.ok) return { kind: 'error', message: errorOf(await res.text()).message ?? MESSAGES.generic }
      const total = Number(res.headers.get('content-length') ?? 0)
      const pieces: Uint8Array<ArrayBuffer>[] = []
      let loaded = 0
      try {
        const reader = res.body!.getReader()
        for (let r = await reader.read(); !r.done; r = await reader.read()) {
          pieces.push(r.value)
          loaded += r.value.length
          onProgress?.(loaded, total || loaded)
        }
      } catch {
        return { kind: 'error', message: MESSAGES.network }
      }
      if (total && loaded !== total) return { kind: 'error', message: MESSAGES.network }
      const filename = filenameOf(res.headers.get('content-disposition'), `site-${siteId}.swz`)
      download(new Blob(pieces, { type: SITE_ARCHIVE_MEDIA_TYPE }), filename)
      return { kind: 'saved', filename, size: loaded }
    },

    async importSite(file, { slug, onProgress, onSent }) {
      const url = `/api/sites/import${slug ? `?slug=${encodeURIComponent(slug)}` : ''}`
      const answer = await sendWithFreshCrumb(client, () => sendBody(url, file, SITE_ARCHIVE_MEDIA_TYPE, file.size, { ...(onProgress ? { onProgress } : {}), ...(onSent ? { onSent } : {}) }, xhrFactory))
      if (typeof answer === 'string') return { kind: 'error', status: 0, message: MESSAGES.network }
      if (answer.status >= 200 && answer.status < 300) {
        try {
          const body = JSON.parse(answer.text) as Partial<SiteImportResult> | null
          if (body?.site?.id) return { kind: 'imported', result: body as SiteImportResult }
        } catch {
          // a 2xx without the new site: reported below
        }
        return { kind: 'error', status: answer.status, message: NO_JOB_DATA }
      }
      const { message, fields } = errorOf(answer.text)
      return { kind: 'error', status: answer.status, message: (answer.status < 500 && message) || MESSAGES.generic, ...(fields ? { fields } : {}) }
    },
  }
}
