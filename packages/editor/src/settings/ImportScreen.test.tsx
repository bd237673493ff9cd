// @vitest-environment jsdom
// Settings -> Import: a file that cannot be the chosen platform's export is refused before upload with words saying
// why; the upload then the server's import show their progress; the summary has the report's counts, what was
// skipped and why, and the images missing at the source; a failed import shows the server's text as it is.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ImportJobView, ImportKind } from '@sitewright/contracts'
import type { ImportsApi, StartResult } from '../api/imports.js'
import { byLabel, click, render, waitFor, type Rendered } from '../../test/dom.js'
import { NavigationProvider } from '../app/navigation.js'
import { ImportScreen } from './ImportScreen.js'
import { fileProblem, importSourceById } from './importSources.js'

const site = { id: 's1', slug: 'demo', title: 'Demo', role: 1, roleName: 'ADMIN', url: 'http://localhost/', capabilities: ['transfer', 'settings.read'] }

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
const show = (api: ImportsApi) =>
  render(
    <NavigationProvider>
      <ImportScreen site={site} api={api} />
    </NavigationProvider>,
  )
const button = (text: string) => [...view!.container.querySelectorAll('button')].find((b) => b.textContent?.includes(text))!
const radio = (label: string) => [...view!.container.querySelectorAll<HTMLLabelElement>('.import-source')].find((l) => l.textContent?.startsWith(label))!.querySelector('input')!

const job = (over: Partial<ImportJobView>): ImportJobView => ({ id: 'j1', kind: 'wxr', fileName: 'site.xml', status: 'running', done: 0, total: 0, report: null, error: null, createdOn: 0, ...over })

/** An api whose answers the test hands out one at a time. */
function scripted() {
  const started: { kind: ImportKind; name: string }[] = []
  const start = later<StartResult>()
  const polls: ImportJobView[] = []
  let hooks: { onProgress?(l: number, t: number): void } = {}
  const api: ImportsApi = {
    start: (_s, kind, file, o = {}) => {
      started.push({ kind, name: (file as File).name })
      hooks = o
      return start.promise
    },
    job: async () => {
      // the last answer stays until the test adds another
      const next = polls.length > 1 ? polls.shift()! : polls[0]!
      return { ok: true, status: 200, data: { job: next } }
    },
    list: async () => ({ ok: true, status: 200, data: { jobs: [] } }),
  }
  return { api, started, start, polls, progress: (l: number, t: number) => hooks.onProgress!(l, t) }
}

describe('ImportScreen', () => {
  it('says why a file cannot be the chosen export before sending it', async () => {
    const s = scripted()
    view = await show(s.api)
    await click(button('Import from WordPress'))
    expect(view.container.querySelector('#import-file-error')!.textContent).toBe('Choose the WordPress export (WXR) file to import.')
    await click(radio('Shopify products'))
    await chooseFile(byLabel(view.container, 'Shopify product CSV'), new File(['<rss/>'], 'export.xml'))
    expect(view.container.querySelector('#import-file-error')!.textContent).toBe(
      'A Shopify product CSV is a .csv file; “export.xml” is an .xml file (WordPress and Squarespace export .xml files). Choose the right file, or the platform it comes from.',
    )
    await click(button('Import from Shopify'))
    expect(s.started).toEqual([])
    // the platform changed instead: the same file is now right
    await click(radio('Squarespace'))
    expect(view.container.querySelector('#import-file-error')).toBeNull()
    await chooseFile(byLabel(view.container, 'Squarespace export (WXR)'), new File([], 'empty.xml'))
    expect(view.container.querySelector('#import-file-error')!.textContent).toBe('“empty.xml” is empty: choose the Squarespace export (WXR) file.')
    expect(fileProblem(importSourceById('ghost'), { name: 'big.json', size: 65 * 1024 * 1024 }, 64 * 1024 * 1024)).toBe('“big.json” is larger than 64 MB, the largest file an import reads.')
  })

  it('shows the upload, then the import done of all, then the summary', async () => {
    const s = scripted()
    view = await show(s.api)
    await chooseFile(byLabel(view.container, 'WordPress export (WXR)'), new File(['x'.repeat(2048)], 'blog.xml'))
    await click(button('Import from WordPress'))
    expect(s.started).toEqual([{ kind: 'wxr', name: 'blog.xml' }])
    await act(async () => s.progress(1024, 2048))
    expect(view.container.textContent).toContain('Uploading… 50% (1 KB of 2 KB)')
    s.polls.push(job({ done: 3, total: 12 }))
    await act(async () => s.start.resolve({ ok: true, job: job({}) }))
    await waitFor(() => view!.container.textContent?.includes('Importing… 3 of 12 records (25%)'))
    expect(view.container.querySelector('progress')!.getAttribute('value')).toBe('25')
    expect(button('Importing…').disabled).toBe(true)
    s.polls.push(
      job({
        status: 'done',
        done: 12,
        total: 12,
        report: {
          kind: 'wxr',
          source: { title: 'Old blog', link: 'https://old.example/', authors: 1, categories: 2, tags: 3 },
          counts: { posts: 7, pages: 3, comments: 4, images: 2, 'images missing': 1, redirects: 10 },
          missingImages: [{ url: 'https://old.example/a.jpg', reason: 'The image could not be found.' }],
          keptAsHtml: [{ name: 'core/table', pages: ['/blog/tables'] }],
          skipped: [{ what: 'comments in the trash', items: ['17', '18'] }],
          notes: [],
        },
      }),
    )
    s.polls.shift()
    await waitFor(() => view!.container.querySelector('.import-summary'))
    const counts = Object.fromEntries([...view.container.querySelectorAll('.import-counts > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]))
    expect(counts).toEqual({ Pages: '3', Posts: '7', Products: '0', Images: '2', Comments: '4' })
    const text = view.container.querySelector('.import-summary')!.textContent!
    expect(text).toContain('Imported “Old blog”')
    expect(text).toContain('Redirects: 10')
    expect(text).toContain('Comments in the trash: 2')
    expect(text).toContain('Images missing at the source: 1')
    expect(text).toContain('https://old.example/a.jpg — The image could not be found.')
    expect(text).toContain('core/table: /blog/tables')
    expect(button('Import from WordPress').disabled).toBe(false)
  })

  it("shows a failed import's text as the server wrote it", async () => {
    const s = scripted()
    view = await show(s.api)
    await chooseFile(byLabel(view.container, 'WordPress export (WXR)'), new File(['<rss>'], 'cut.xml'))
    await click(button('Import from WordPress'))
    s.polls.push(job({ status: 'failed', error: 'The file is not well-formed XML: line 7, column 3: unclosed tag: item' }))
    await act(async () => s.start.resolve({ ok: true, job: job({}) }))
    await waitFor(() => view!.container.querySelector('.import-failed'))
    expect(view.container.querySelector('.import-failed')!.textContent).toBe('The file is not well-formed XML: line 7, column 3: unclosed tag: item')
    view.unmount()
    const refused = scripted()
    view = await show(refused.api)
    await chooseFile(byLabel(view.container, 'WordPress export (WXR)'), new File(['x'], 'a.xml'))
    await click(button('Import from WordPress'))
    await act(async () => refused.start.resolve({ ok: false, status: 413, code: 'import_too_large', message: 'The file is larger than 64 MB.' }))
    expect(view.container.querySelector('[role="alert"]')!.textContent).toBe('The file is larger than 64 MB.')
  })
})
