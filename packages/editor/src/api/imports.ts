// Imports from other platforms (Settings -> Import): the export file is uploaded over XMLHttpRequest (fetch cannot
// report upload progress) to POST /api/sites/:siteId/imports?kind=&fileName=, which answers 202 with the job; the
// job is then read again (GET .../imports/:jobId) for its progress and, once over, its report or error.
import { IMPORT_KINDS, type ImportJobView, type ImportKind } from '@sitewright/contracts'
import { createApiClient, MESSAGES, type ApiClient, type ApiResult } from './client.js'
import { sendBody, sendWithFreshCrumb, type XhrFactory } from './send-body.js'
import type { SiteId } from './types.js'

export type { ImportJobView, ImportKind, ImportReportView } from '@sitewright/contracts'
export { IMPORT_KINDS }

export type StartResult = { ok: true; job: ImportJobView } | { ok: false; status: number; code: string; message: string }

export interface ImportsApi {
  /** Uploads the file; `onProgress` follows the upload, `onSent` says the server has it all. */
  start(siteId: SiteId, kind: ImportKind, file: Blob & { name?: string }, opts?: { onProgress?(loaded: number, total: number): void; onSent?(): void }): Promise<StartResult>
  job(siteId: SiteId, jobId: string): Promise<ApiResult<{ job: ImportJobView }>>
  list(siteId: SiteId): Promise<ApiResult<{ jobs: ImportJobView[] }>>
}

/** The media type each kind of file is sent with (the server reads the bytes as they are). */
const MEDIA_TYPE: Record<ImportKind, string> = { wxr: 'application/xml', ghost: 'application/json', 'shopify-csv': 'text/csv', 'woo-csv': 'text/csv' }

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

export function createImportsApi(client: ApiClient = createApiClient(), xhrFactory: XhrFactory = () => new XMLHttpRequest()): ImportsApi {
  const base = (siteId: SiteId) => `/api/sites/${encodeURIComponent(siteId)}/imports`
  return {
    async start(siteId, kind, file, opts = {}) {
      const url = `${base(siteId)}?kind=${encodeURIComponent(kind)}${file.name ? `&fileName=${encodeURIComponent(file.name.slice(0, 200))}` : ''}`
      const answer = await sendWithFreshCrumb(client, () => sendBody(url, file, MEDIA_TYPE[kind], file.size, opts, xhrFactory))
      if (typeof answer === 'string') return { ok: false, status: 0, code: 'network', message: MESSAGES.network }
      const body = parse(answer.text) as { job?: ImportJobView; error?: { code?: unknown; message?: unknown } } | null
      if (answer.status >= 200 && answer.status < 300) {
        return body?.job?.id ? { ok: true, job: body.job } : { ok: false, status: answer.status, code: 'no_job_data', message: MESSAGES.noJobData }
      }
      const message = typeof body?.error?.message === 'string' && answer.status < 500 ? body.error.message : MESSAGES.generic
      return { ok: false, status: answer.status, code: typeof body?.error?.code === 'string' ? body.error.code : 'http', message }
    },
    job: (siteId, jobId) => client.get(`${base(siteId)}/${encodeURIComponent(jobId)}`),
    list: (siteId) => client.get(base(siteId)),
  }
}
