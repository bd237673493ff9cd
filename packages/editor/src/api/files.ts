// The owner files API (/api/sites/:siteId/files) and the upload over XMLHttpRequest, which reports upload
// progress (fetch cannot).
import { createApiClient, type ApiClient, type ApiResult } from './client.js'
import { sendBody, sendWithFreshCrumb, type XhrFactory } from './send-body.js'
import type { FileAsset, FileCrop, FilePatch, UploadLimit } from '@sitewright/contracts'
import type { SiteId } from './types.js'

export type { FileAsset, FileCrop, FilePatch, UploadLimit }

export type UploadResult =
  | { kind: 'stored'; file: FileAsset }
  | { kind: 'error'; status: number; message?: string | undefined }
  | { kind: 'connection-lost' }
  | { kind: 'aborted' }

export interface UploadOptions {
  onProgress?(loaded: number, total: number): void
  /** The whole body has been sent; the server is storing the file. */
  onSent?(): void
  signal?: AbortSignal
}

export interface FilesApi {
  /** The server's configured upload limit per kind of file. */
  limits(siteId: SiteId): Promise<ApiResult<{ limits: Record<string, UploadLimit> }>>
  list(siteId: SiteId, q?: { query?: string; cursor?: string }): Promise<ApiResult<{ files: FileAsset[]; nextCursor: string | null }>>
  get(siteId: SiteId, fileId: string): Promise<ApiResult<{ file: FileAsset }>>
  update(siteId: SiteId, fileId: string, patch: FilePatch): Promise<ApiResult<{ file: FileAsset }>>
  remove(siteId: SiteId, fileId: string): Promise<ApiResult<void>>
  /** A new image cut from the file to `rect` (fractions of the image); the original stays. */
  crop(siteId: SiteId, fileId: string, rect: FileCrop): Promise<ApiResult<{ file: FileAsset }>>
  upload(siteId: SiteId, file: File, opts?: UploadOptions): Promise<UploadResult>
}

const base = (siteId: SiteId) => `/api/sites/${encodeURIComponent(siteId)}/files`

function errorMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } }
    return typeof body.error?.message === 'string' ? body.error.message : undefined
  } catch {
    return undefined
  }
}

/** The file as the upload form's one field, `file`. */
function sendOnce(url: string, file: File, opts: UploadOptions, xhrFactory: XhrFactory) {
  const form = new FormData()
  form.append('file', file, file.name)
  return sendBody(url, form, null, file.size, opts, xhrFactory)
}

export function createFilesApi(
  client: ApiClient = createApiClient(),
  xhrFactory: XhrFactory = () => new XMLHttpRequest(),
): FilesApi {
  return {
    limits: (siteId) => client.get(`${base(siteId)}/limits`),
    list: (siteId, q = {}) => {
      const params = new URLSearchParams()
      if (q.query) params.set('query', q.query)
      if (q.cursor) params.set('cursor', q.cursor)
      const qs = params.toString()
      return client.get(`${base(siteId)}${qs ? `?${qs}` : ''}`)
    },
    get: (siteId, fileId) => client.get(`${base(siteId)}/${encodeURIComponent(fileId)}`),
    update: (siteId, fileId, patch) => client.patch(`${base(siteId)}/${encodeURIComponent(fileId)}`, patch),
    remove: (siteId, fileId) => client.del(`${base(siteId)}/${encodeURIComponent(fileId)}`),
    crop: (siteId, fileId, rect) => client.post(`${base(siteId)}/${encodeURIComponent(fileId)}/crop`, rect),
    async upload(siteId, file, opts = {}) {
      if (opts.signal?.aborted) return { kind: 'aborted' }
      const answer = await sendWithFreshCrumb(client, () => sendOnce(base(siteId), file, opts, xhrFactory))
      if (answer === 'connection-lost' || answer === 'aborted') return { kind: answer }
      if (answer.status >= 200 && answer.status < 300) {
        try {
          const body = JSON.parse(answer.text) as { file?: FileAsset }
          if (body.file) return { kind: 'stored', file: body.file }
        } catch {
          // fall through: a 2xx without a file is a failed upload
        }
        return { kind: 'error', status: answer.status }
      }
      return { kind: 'error', status: answer.status, message: answer.status < 500 ? errorMessage(answer.text) : undefined }
    },
  }
}
