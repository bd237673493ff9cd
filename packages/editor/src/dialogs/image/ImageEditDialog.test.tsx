// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { fileAsset, filesServer, Wrap } from '../../../test/editorFakes.js'
import { byText, click, render, typeInto, waitFor, type Rendered } from '../../../test/dom.js'
import type { FileAsset, FileCrop, FilePatch } from '../../api/files.js'
import ImageEditDialog from './ImageEditDialog.js'

let r: Rendered | undefined
afterEach(() => {
  r?.unmount()
  r = undefined
})

const wide = fileAsset('a', { originalSize: '400x200', filename: 'wide.png' })

async function open(file: FileAsset, all: FileAsset[]) {
  const updates: [string, FilePatch][] = []
  const crops: [string, FileCrop][] = []
  const saved: FileAsset[] = []
  const api = filesServer(all, {
    update: async (_s, id, patch) => {
      updates.push([id, patch])
      return { ok: true, status: 200, data: { file: { ...all.find((f) => f.id === id)!, ...patch } } }
    },
    crop: async (_s, id, rect) => {
      crops.push([id, rect])
      return { ok: true, status: 201, data: { file: fileAsset(`${id}-cut`, { crop: { sourceId: id, ...rect } }) } }
    },
  })
  r = await render(
    <Wrap files={api}>
      <ImageEditDialog file={file} onClose={() => undefined} onSaved={(f) => saved.push(f)} />
    </Wrap>,
  )
  return { updates, crops, saved }
}

const input = (label: string) => {
  const l = [...document.body.querySelectorAll('label')].find((x) => x.textContent?.trim() === label)
  return l!.querySelector('input')!
}
const button = (text: string) => byText(document.body, 'button', text)!

describe('focal point and crop dialog', () => {
  it('saves the focal point on the original and asks for a crop of it', async () => {
    const { updates, crops, saved } = await open(wide, [wide])
    await typeInto(input('Across (%)'), '70')
    await click(button('Crop'))
    await click(button('Square'))
    expect(document.body.textContent).toContain('200 × 200 px')
    await click(button('Save'))
    await waitFor(() => saved.length === 1)
    expect(updates).toEqual([['a', { mediaFocalPoint: { x: 0.7, y: 0.5 } }]])
    expect(crops).toEqual([['a', { x: 0.25, y: 0, width: 0.5, height: 1 }]])
    expect(saved[0]!.id).toBe('a-cut')
  })

  it('edits a cropped file from its original, with the stored rectangle; removing the crop answers the original', async () => {
    const cut = fileAsset('a-cut', { originalSize: '200x200', crop: { sourceId: 'a', x: 0.5, y: 0, width: 0.5, height: 1 } })
    const { crops, saved } = await open(cut, [wide, cut])
    await waitFor(() => document.body.querySelector('[data-image-edit]'))
    await click(button('Crop'))
    expect(input('Left (%)').value).toBe('50')
    expect(input('Width (%)').value).toBe('50')
    await click(button('Remove the crop'))
    await click(button('Save'))
    await waitFor(() => saved.length === 1)
    expect(crops).toEqual([])
    expect(saved[0]!.id).toBe('a')
  })

  it('moves the focal point with the arrow keys on the picker', async () => {
    await open(wide, [wide])
    const picker = document.body.querySelector<HTMLElement>('[data-focal-point]')!
    expect(picker.getAttribute('aria-label')).toMatch(/^Focal point, 50% across, 50% down/)
    const { act } = await import('react')
    await act(async () => {
      picker.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }))
      picker.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', shiftKey: true, bubbles: true }))
    })
    expect(picker.getAttribute('aria-label')).toMatch(/^Focal point, 45% across, 51% down/)
  })
})
