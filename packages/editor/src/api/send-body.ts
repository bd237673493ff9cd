// A request whose body is a file (a site archive, a platform's export, a media file in a form), with upload progress,
// which fetch cannot report: XMLHttpRequest, carrying the crumb. A lost connection or a cancel is an answer, not a
// throw; an answer refusing a stale crumb is sent again once with a fresh one.
import { currentCrumb, type ApiClient } from './client.js'

export type XhrFactory = () => XMLHttpRequest
/** 'aborted': the caller's signal cancelled it. */
export type BodySent = { status: number; text: string } | 'connection-lost' | 'aborted'
export interface SendBodyOptions {
  onProgress?(loaded: number, total: number): void
  /** The last byte has left (the server is now working on it). */
  onSent?(): void
  signal?: AbortSignal
}

/** Sends `body` as it is with `type`, or as multipart form data (type null: the browser writes it with its boundary). */
export function sendBody(url: string, body: Blob | FormData, type: string | null, size: number, opts: SendBodyOptions, xhrFactory: XhrFactory): Promise<BodySent> {
  return new Promise((resolve) => {
    const xhr = xhrFactory()
    xhr.open('POST', url)
    xhr.setRequestHeader('Accept', 'application/json')
    if (type) xhr.setRequestHeader('Content-Type', type)
    const crumb = currentCrumb()
    if (crumb) xhr.setRequestHeader('X-CSRF-Token', crumb)
    xhr.upload.onprogress = (e) => opts.onProgress?.(e.loaded, e.lengthComputable ? e.total : size)
    xhr.upload.onload = () => opts.onSent?.()
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText })
    xhr.onerror = () => resolve('connection-lost')
    xhr.ontimeout = () => resolve('connection-lost')
    xhr.onabort = () => resolve(opts.signal?.aborted ? 'aborted' : 'connection-lost')
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body)
  })
}

/** `send`, and once more after fetching a fresh crumb when the server refused the one sent (403 crumbFail). */
export async function sendWithFreshCrumb(client: ApiClient, send: () => Promise<BodySent>): Promise<BodySent> {
  const answer = await send()
  if (typeof answer !== 'object' || answer.status !== 403 || !answer.text.includes('"crumbFail":true')) return answer
  await client.get('/api/auth/me') // sets a fresh crumb cookie
  return send()
}
