// @vitest-environment jsdom
// Settings -> Export / Import: the export reports its progress and the saved file; the import uploads with a
// progress bar, then waits for the server, shows the new site and offers to open it; a job request answered
// without data says 'No response data from job request'; the server's messages are shown as they are.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SiteImportResult, TransferClient } from '../api/transfer.js'
import { createTransferClient, NO_JOB_DATA } from '../api/transfer.js'
import type { ApiClient } from '../api/client.js'
import { byLabel, click, messageFor, render, typeInto, waitFor, type Rendered } from '../../test/dom.js'
import { TransferPanel } from './TransferPanel.js'

const site = { id: 's1', slug: 'demo', title: 'Demo', role: 1, roleName: 'ADMIN', url: 'http://localhost/', capabilities: ['transfer'] }
const result: SiteImportResult = {
  site: { id: 'n1', slug: 'copy', title: 'Demo', role: 1, roleName: 'ADMIN', url: 'http://copy.localhost/' },
  homePageId: null,
  counts: { tables: { content_collections: 20 }, files: 119, fileBytes: 755858 },
  customerData: true,
  warnings: [],
}

/** A hand-driven promise: the test decides when the server answers. */
function later<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

let view: Rendered | undefined
afterEach(() => view?.unmount())

async function chooseFile(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

const button = (text: string) => [...view!.container.querySelectorAll('button')].find((b) => b.textContent?.includes(text))!

describe('TransferPanel', () => {
  it('exports with or without customer data, showing progress then the saved file', async () => {
    const calls: boolean[] = []
    const answer = later<{ kind: 'saved'; filename: string; size: number }>()
    let progress: ((l: number, t: number) => void) | undefined
    const api = {
      exportSite: (_id: string, o: { customerData: boolean; onProgress?: (l: number, t: number) => void }) => {
        calls.push(o.customerData)
        progress = o.onProgress
        return answer.promise
      },
    } as unknown as TransferClient
    view = await render(<TransferPanel site={site} api={api} />)
    await click(byLabel(view.container, 'Include customer data'))
    await click(button('Export site'))
    expect(calls).toEqual([false])
    await act(async () => progress!(512, 2048))
    expect(view.container.querySelector('progress')!.getAttribute('value')).toBe('25')
    expect(view.container.textContent).toContain('Downloading… 25% (512 Bytes of 2 KB)')
    await act(async () => answer.resolve({ kind: 'saved', filename: 'demo-2026-01-01.swz', size: 2048 }))
    expect(view.container.textContent).toContain('Saved demo-2026-01-01.swz (2 KB).')
  })

  it('imports: upload progress, then the server at work, then the new site to open', async () => {
    const answer = later<{ kind: 'imported'; result: SiteImportResult }>()
    const seen: { slug?: string | undefined; name: string }[] = []
    let hooks: { onProgress?: (l: number, t: number) => void; onSent?: () => void } = {}
    const api = {
      importSite: (file: File, o: { slug?: string; onProgress?: (l: number, t: number) => void; onSent?: () => void }) => {
        seen.push({ slug: o.slug, name: file.name })
        hooks = o
        return answer.promise
      },
    } as unknown as TransferClient
    const opened: string[] = []
    let reloaded = 0
    view = await render(<TransferPanel site={site} api={api} onImported={() => void reloaded++} onOpen={(id) => opened.push(id)} />)
    await click(button('Import as a new site'))
    expect(view.container.querySelector('[role="alert"]')!.textContent).toBe('Choose a site archive (.swz) to import.')
    await chooseFile(byLabel(view.container, 'Site archive'), new File(['x'.repeat(4096)], 'demo.swz'))
    await typeInto(byLabel(view.container, 'New site address (optional)'), 'Copy')
    await click(button('Import as a new site'))
    expect(seen).toEqual([{ slug: 'copy', name: 'demo.swz' }])
    await act(async () => hooks.onProgress!(1024, 4096))
    expect(view.container.textContent).toContain('Uploading… 25%')
    await act(async () => hooks.onSent!())
    expect(view.container.textContent).toContain('Importing the site…')
    expect(view.container.querySelector('progress')!.hasAttribute('value')).toBe(false)
    await act(async () => answer.resolve({ kind: 'imported', result }))
    await waitFor(() => view!.container.textContent?.includes('Imported “Demo” as http://copy.localhost/: 20 pages, 119 files.'))
    expect(reloaded).toBe(1)
    await click(button('Open Demo'))
    expect(opened).toEqual(['n1'])
  })

  it("shows the server's messages: a taken address under its field, others above the form", async () => {
    const api = {
      importSite: async () => ({ kind: 'error', status: 409, message: 'This site address is already taken.', fields: { slug: 'This site address is already taken.' } }),
    } as unknown as TransferClient
    view = await render(<TransferPanel site={site} api={api} />)
    await chooseFile(byLabel(view.container, 'Site archive'), new File(['x'], 'demo.swz'))
    await click(button('Import as a new site'))
    await waitFor(() => messageFor(byLabel(view!.container, 'New site address (optional)')))
    expect(messageFor(byLabel(view.container, 'New site address (optional)'))).toBe('This site address is already taken.')
    expect(view.container.querySelector('[role="alert"]')).toBeNull()
    view.unmount()
    const damaged = { importSite: async () => ({ kind: 'error', status: 400, message: 'This archive is damaged or incomplete.' }) } as unknown as TransferClient
    view = await render(<TransferPanel site={site} api={damaged} />)
    await chooseFile(byLabel(view.container, 'Site archive'), new File(['x'], 'demo.swz'))
    await click(button('Import as a new site'))
    await waitFor(() => view!.container.querySelector('[role="alert"]'))
    expect(view.container.querySelector('[role="alert"]')!.textContent).toBe('This archive is damaged or incomplete.')
  })
})

/** A stand-in XMLHttpRequest that answers what the test says (the browser's own is not in jsdom's reach). */
class FakeXhr {
  static answers: { status: number; text: string }[] = []
  static sent: { url: string; headers: Record<string, string>; body: unknown }[] = []
  upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void; onload?: () => void } = {}
  onload?: () => void
  onerror?: () => void
  ontimeout?: () => void
  onabort?: () => void
  status = 0
  responseText = ''
  private url = ''
  private headers: Record<string, string> = {}
  open(_m: string, url: string) {
    this.url = url
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v
  }
  send(body: Blob) {
    FakeXhr.sent.push({ url: this.url, headers: this.headers, body })
    this.upload.onprogress?.({ loaded: body.size, total: body.size, lengthComputable: true })
    this.upload.onload?.()
    const a = FakeXhr.answers.shift()!
    this.status = a.status
    this.responseText = a.text
    this.onload?.()
  }
}

describe('transfer API client', () => {
  const client = { get: async () => ({ ok: true, status: 200, data: {} }) } as unknown as ApiClient
  const api = createTransferClient(client, () => new FakeXhr() as unknown as XMLHttpRequest)

  it("sends the archive's bytes with its media type; a 2xx without the new site is 'No response data from job request'", async () => {
    FakeXhr.answers = [{ status: 201, text: '' }]
    const r = await api.importSite(new Blob(['abc']), { slug: 'copy' })
    expect(r).toEqual({ kind: 'error', status: 201, message: NO_JOB_DATA })
    expect(FakeXhr.sent[0]!.url).toBe('/api/sites/import?slug=copy')
    expect(FakeXhr.sent[0]!.headers['Content-Type']).toBe('application/x-sitewright-site')
  })

  it('retries once with a fresh crumb, and reads the new site or the error', async () => {
    FakeXhr.answers = [{ status: 403, text: '{"crumbFail":true,"error":"x"}' }, { status: 201, text: JSON.stringify(result) }]
    expect(await api.importSite(new Blob(['abc']), {})).toEqual({ kind: 'imported', result })
    FakeXhr.answers = [{ status: 400, text: '{"error":{"type":"invalid_data","code":"archive_damaged","message":"This archive is damaged."}}' }]
    expect(await api.importSite(new Blob(['abc']), {})).toEqual({ kind: 'error', status: 400, message: 'This archive is damaged.' })
  })
})
