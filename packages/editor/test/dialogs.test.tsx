// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChartDataEditor } from '../src/dialogs/chart/ChartDataEditor.js'
import { FileDetail } from '../src/dialogs/files/FileDetail.js'
import { UploadButton } from '../src/dialogs/files/UploadButton.js'
import { FontBrowser } from '../src/dialogs/fonts/FontBrowser.js'
import { GalleryOptionsPanel } from '../src/dialogs/gallery/GalleryOptionsPanel.js'
import { defaultGalleryOptions, type GalleryOptions } from '../src/dialogs/gallery/options.js'
import { LinkEditor } from '../src/dialogs/link/LinkEditor.js'
import { MailingListDialog } from '../src/dialogs/mailing/MailingListDialog.js'
import { TagEditor } from '../src/dialogs/tags/TagEditor.js'
import { TextAreaField } from '../src/ui/moreFields.js'
import { byLabel, byText, choose, click, queryByLabel, render, typeInto, waitFor, type Rendered } from './dom.js'
import { fileAsset, filesServer, Wrap } from './editorFakes.js'

let r: Rendered | undefined
afterEach(() => {
  r?.unmount()
  r = undefined
  document.body.innerHTML = ''
})

const targets = { pages: [{ path: '/about', title: 'About' }], files: [{ assetUrl: '/files/demo/f1/menu.pdf', filename: 'menu.pdf' }] }
const dialogText = () => document.querySelector('[role="dialog"]')?.textContent ?? ''

describe('Link Editor dialog', () => {
  it('shows each kind’s validation message and saves a valid link', async () => {
    const onSave = vi.fn()
    r = await render(<Wrap><LinkEditor url="" newWindow={false} targets={targets} onSave={onSave} onClose={() => {}} /></Wrap>)
    const save = () => click(byText(document.body, 'button', 'Save link')!)
    await typeInto(byLabel(document.body, 'Page URL'), '/nowhere')
    await save()
    expect(dialogText()).toContain('/nowhere is not a valid page URL')
    await click(byText(document.body, 'label', 'Email')!)
    await save()
    expect(dialogText()).toContain('Please enter a valid email')
    await typeInto(byLabel(document.body, 'Email address'), 'bob')
    await save()
    expect(dialogText()).toContain('Emails must be formatted as name@example.com')
    await click(byText(document.body, 'label', 'Web Address')!)
    await typeInto(byLabel(document.body, 'Web address'), 'not a site')
    await save()
    expect(dialogText()).toContain('Links must be formatted as example.com or https://example.com')
    await click(byText(document.body, 'label', 'File')!)
    await save()
    expect(dialogText()).toContain('"" is not one of the expected options')
    await click(byText(document.body, 'label', 'Email')!)
    await typeInto(byLabel(document.body, 'Email address'), 'bob@example.com')
    await save()
    expect(onSave).toHaveBeenCalledWith('mailto:bob@example.com', false)
  })
})

describe('gallery options panel', () => {
  function Panel({ initial }: { initial: GalleryOptions }) {
    let o = initial
    const Inner = () => <GalleryOptionsPanel options={o} onChange={(p) => { o = { ...o, ...p }; void rerender() }} />
    const rerender = async () => { r?.unmount(); r = await render(<Inner />) }
    return <Inner />
  }
  it('shows autoplay delay only with autoplay and thumbnail settings only with thumbnails', async () => {
    r = await render(<Panel initial={{ ...defaultGalleryOptions('slideshow'), thumbnails: false }} />)
    expect(queryByLabel(document.body, 'Autoplay delay (seconds)')).toBeNull()
    expect(queryByLabel(document.body, 'Thumbnail strip height')).toBeNull()
    await click(byLabel(document.body, 'Autoplay'))
    await waitFor(() => queryByLabel(document.body, 'Autoplay delay (seconds)'))
    expect(byLabel(document.body, 'Autoplay delay (seconds)').value).toBe('5')
    await click(byLabel(document.body, 'Show thumbnails'))
    await waitFor(() => queryByLabel(document.body, 'Thumbnail strip height'))
    expect(byLabel(document.body, 'Thumbnail strip margin').value).toBe('20')
  })
})

describe('character counter', () => {
  it("shows 'length / max' and turns into an error above max", async () => {
    r = await render(<TextAreaField label="Caption" value={'x'.repeat(12)} max={10} onChange={() => {}} />)
    const counter = document.querySelector('.char-counter')!
    expect(counter.textContent).toBe('12 / 10')
    expect(counter.classList.contains('over')).toBe(true)
    expect(byLabel<HTMLTextAreaElement>(document.body, 'Caption').getAttribute('aria-invalid')).toBe('true')
  })
})

describe('tag editor', () => {
  it('refuses duplicates and a second edit at a time', async () => {
    const onChange = vi.fn()
    r = await render(<TagEditor tagType="tag" items={['News']} onChange={onChange} />)
    await typeInto(byLabel(document.body, 'New tag'), 'news')
    await click(byText(document.body, 'button', 'Add')!)
    expect(document.body.textContent).toContain('This tag already exists')
    await typeInto(byLabel(document.body, 'New tag'), 'Recipes')
    await click(byText(document.body, 'button', 'Add')!)
    expect(onChange).toHaveBeenLastCalledWith(['News', 'Recipes'])
    await click(document.querySelector('[aria-label="Edit tag News"]')!)
    await click(document.querySelector('[aria-label="Edit tag Recipes"]')!)
    expect(document.body.textContent).toContain('You may only edit one tag at a time')
  })
})

describe('chart data entry', () => {
  it("says 'Enter some data!' without rows and 'One or more rows was missing data' with a gap", async () => {
    const onApply = vi.fn()
    r = await render(<ChartDataEditor value={{ columns: ['A'], rows: [{ label: 'x', values: [1] }] }} onApply={onApply} />)
    await click(byText(document.body, 'button', 'Add row')!)
    await typeInto(document.querySelector<HTMLInputElement>('[aria-label="Row 2 label"]')!, 'y')
    await click(byText(document.body, 'button', 'Apply data')!)
    expect(document.body.textContent).toContain('One or more rows was missing data')
    await click(byText(document.body, 'button', 'Remove last row')!)
    await click(byText(document.body, 'button', 'Remove last row')!)
    await click(byText(document.body, 'button', 'Apply data')!)
    expect(document.body.textContent).toContain('Enter some data!')
    expect(onApply).not.toHaveBeenCalled()
  })
})

describe('File Detail', () => {
  it("asks for a name, and says when the rename failed", async () => {
    const files = filesServer([fileAsset('f1')], { update: async () => ({ ok: false, error: { kind: 'http', status: 500, type: 'x', code: 'x', message: 'Something went wrong', fields: {} } }) })
    r = await render(<Wrap files={files}><FileDetail file={fileAsset('f1')} onSaved={() => {}} onClose={() => {}} /></Wrap>)
    await typeInto(byLabel(document.body, 'File name'), '  ')
    await click(byText(document.body, 'button', 'Save')!)
    expect(dialogText()).toContain('Please enter a file name')
    await typeInto(byLabel(document.body, 'File name'), 'menu.pdf')
    await click(byText(document.body, 'button', 'Save')!)
    await waitFor(() => dialogText().includes('There was a problem while renaming your file.'))
  })
})

describe('upload with progress', () => {
  it('shows progress, then the uploaded file; a rejected file gets the spec message', async () => {
    let progress: ((l: number, t: number) => void) | undefined
    let finish: (() => void) | undefined
    const files = filesServer([], {
      upload: (_s, file, opts) =>
        new Promise((resolve) => {
          progress = opts?.onProgress
          finish = () => resolve({ kind: 'stored', file: fileAsset('new', { filename: file.name }) })
        }),
    })
    const uploaded = vi.fn()
    r = await render(<Wrap files={files}><UploadButton onUploaded={uploaded} /></Wrap>)
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])], 'a.png')
    Object.defineProperty(input, 'files', { value: [png], configurable: true })
    input.dispatchEvent(new Event('change', { bubbles: true }))
    await waitFor(() => progress)
    progress!(5, 10)
    await waitFor(() => document.querySelector('.upload-status')?.textContent === 'Uploading 50%')
    expect(document.querySelector('progress')?.getAttribute('value')).toBe('50')
    finish!()
    await waitFor(() => document.querySelector('.upload-status')?.textContent === 'Uploaded')
    expect(uploaded).toHaveBeenCalledTimes(1)

    Object.defineProperty(input, 'files', { value: [new File(['plain text'], 'photo.jpg')], configurable: true })
    input.dispatchEvent(new Event('change', { bubbles: true }))
    await waitFor(() => document.querySelector('[role="alert"]')?.textContent === 'The file photo.jpg does not appear to be a supported file')
  })
})

describe('mailing-list connect dialog', () => {
  it('needs a list, connects, and disconnects only after confirmation', async () => {
    const onChange = vi.fn()
    r = await render(<MailingListDialog connection={null} lists={[{ id: 'l1', name: 'News' }]} onChange={onChange} onClose={() => {}} />)
    await click(byText(document.body, 'button', 'Connect')!)
    expect(dialogText()).toContain('A List must be selected')
    await choose(byLabel<HTMLSelectElement>(document.body, 'List'), 'l1')
    await click(byText(document.body, 'button', 'Connect')!)
    expect(dialogText()).toContain('Connected to News')
    await click(byText(document.body, 'button', 'Disconnect')!)
    expect(onChange).toHaveBeenCalledTimes(1)
    await click(byText(document.body, 'button', 'Keep connected')!)
    expect(dialogText()).toContain('Connected to News')
    await click(byText(document.body, 'button', 'Disconnect')!)
    await click(byText(document.querySelector('[role="alertdialog"]')!, 'button', 'Disconnect')!)
    expect(onChange).toHaveBeenLastCalledWith(null)
  })
})

describe('font browser', () => {
  it("says 'Unable to load fonts' when the list cannot load, and filters by category", async () => {
    r = await render(<FontBrowser current="" onPick={() => {}} onClose={() => {}} load={async () => ({ ok: false, error: 'Unable to load fonts' })} />)
    await waitFor(() => dialogText().includes('Unable to load fonts'))
    r.unmount()
    const pick = vi.fn()
    r = await render(<FontBrowser current="" onPick={pick} onClose={() => {}} load={async () => ({ ok: true, facesCss: null, pairings: [{ name: 'P', heading: 'serif-one', body: 'mono-one' }], fonts: [{ id: 'mono-one', family: 'Mono One', category: 'Mono', stack: 'monospace' }, { id: 'serif-one', family: 'Serif One', category: 'Serif', stack: 'serif' }] })} />)
    await waitFor(() => dialogText().includes('Serif One'))
    expect(dialogText()).toContain('Pairs with Serif One')
    await click(byText(document.body, '[role="tab"]', 'Mono')!)
    expect([...document.querySelectorAll('.font-list .font-sample')].map((e) => e.textContent)).toEqual(['Mono One'])
    await click(document.querySelector('.font-list button')!)
    expect(pick).toHaveBeenCalledWith({ id: 'mono-one', family: 'Mono One', category: 'Mono', stack: 'monospace' })
  })
})
