// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { byText, click, render, waitFor, type Rendered } from '../../../../test/dom.js'
import { fileAsset, filesServer, Wrap } from '../../../../test/editorFakes.js'
import type { BlockValue } from '../../core/document.js'
import { GalleryBlockEditor } from './GalleryEditor.js'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])

let r: Rendered | undefined
afterEach(() => {
  r?.unmount()
  r = undefined
})

describe('gallery block editor', () => {
  it('uploads several chosen files at once, a progress row each, and adds them in the chosen order', async () => {
    const sets: BlockValue[] = []
    let release: () => void = () => undefined
    const gate = new Promise<void>((res) => (release = res))
    const api = filesServer([fileAsset('old')], {
      upload: async (_s, file, opts) => {
        opts?.onProgress?.(3, 12)
        await gate
        return { kind: 'stored', file: fileAsset(file.name.replace('.png', '')) }
      },
    })
    const block = { id: 'g1', type: 8, typeName: 'gallery' as const, value: { imageIds: ['old'] } }
    r = await render(
      <Wrap files={api}>
        <GalleryBlockEditor block={block} onChange={() => undefined} onSet={(p) => sets.push(p)} />
      </Wrap>,
    )
    const input = r.container.querySelector<HTMLInputElement>('input[type="file"][multiple]')!
    const files = ['b.png', 'c.png', 'a.png'].map((n) => new File([PNG], n, { type: 'image/png' }))
    await act(async () => {
      Object.defineProperty(input, 'files', { value: files, configurable: true })
      input.dispatchEvent(new Event('change', { bubbles: true }))
    })
    await waitFor(() => r!.container.querySelectorAll('[data-upload-row] progress').length === 3)
    expect(r.container.textContent).toContain('Uploading 3 files, 0 done')
    release()
    await waitFor(() => sets.length === 1)
    expect(sets[0]).toEqual({ imageIds: ['old', 'b', 'c', 'a'] })
  })

  it('opens an image’s details and moves images with the buttons', async () => {
    const sets: BlockValue[] = []
    const api = filesServer([fileAsset('x', { title: 'Kiln', altText: 'A kiln' }), fileAsset('y')])
    const block = { id: 'g1', type: 8, typeName: 'gallery' as const, value: { imageIds: ['x', 'y'], links: { y: '/shop' } } }
    r = await render(
      <Wrap files={api}>
        <GalleryBlockEditor block={block} onChange={() => undefined} onSet={(p) => sets.push(p)} />
      </Wrap>,
    )
    await click(r.container.querySelector('[aria-label="Move image 1 later"]')!)
    expect(sets).toEqual([{ imageIds: ['y', 'x'] }])
    await click(r.container.querySelectorAll('.gallery-image-button')[0]!)
    const details = await waitFor(() => r!.container.querySelector('[data-gallery-details]'))
    await waitFor(() => details.querySelector<HTMLInputElement>('input')?.value === 'Kiln')
    expect(details.querySelectorAll<HTMLInputElement>('input')[1]!.value).toBe('A kiln')
    expect(byText(details, '.link-value', 'None')).toBeTruthy()
  })
})
