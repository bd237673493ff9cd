// A request whose body is a file sent as it is (a site archive, a platform's export), with upload progress, which
// fetch cannot report: the import screens' XMLHttpRequest, carrying the crumb. A lost connection is an answer, not
// a throw, so the caller can retry it once with a fresh crumb.
import { currentCrumb } from './client.js'

export type XhrFactory = () => XMLHttpRequest
export type BodySent = { status: number; text: string } | 'connection-lost'
export interface SendBodyOptions {
  onProgress?(loaded: number, total: number): void
  /** The last byte has left (the server is now working on it). */
  onSent?(): void
}

export function sendBody(url: string, file: Blob, type: string, opts: SendBodyOptions, xhrFactory: XhrFactory): Promise<BodySent> {
  return new Promise((resolve) => {
    const xhr = xhrFactory()
    xhr.open('POST', url)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('Content-Type', type)
    const crumb = currentCrumb()
    if (crumb) xhr.setRequestHeader('X-CSRF-Token', crumb)
    xhr.upload.onprogress = (e) => opts.onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size)
    xhr.upload.onload = () => opts.onSent?.()
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText })
    xhr.onerror = () => resolve('connection-lost')
    xhr.ontimeout = () => resolve('connection-lost')
    xhr.onabort = () => resolve('connection-lost')
    xhr.send(file)
  })
}
