// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import type { FileAsset, FilesApi } from '../api/files.js'
import { byLabel, choose, render, waitFor, type Rendered } from '../../test/dom.js'
import { SiteIconField } from './SiteIconField.js'

const asset = (id: string, filename: string, kind: string): FileAsset => ({
  id, filename, kind, mimeType: kind === 'image' ? 'image/png' : 'application/pdf', size: 1, sizeText: '1 B', assetUrl: `/files/demo/${id}/${filename}`,
  originalSize: null, colorData: null, mediaFocalPoint: { x: 0.5, y: 0.5 }, altText: '', title: '', body: '', systemDataVariants: '512x512,100w,300w', status: 'ready', error: null, crop: null, createdOn: 0, updatedOn: 0,
})

const files = (list: FileAsset[]): FilesApi => ({
  list: async () => ({ ok: true, data: { files: list, nextCursor: null } }),
}) as unknown as FilesApi

let view: Rendered | undefined
afterEach(() => view?.unmount())

describe('SiteIconField', () => {
  it('offers the default icon and the site images (not other files); choosing one reports its id, the default null', async () => {
    const chosen: (string | null)[] = []
    view = await render(<SiteIconField siteId="s1" value={null} onChange={(v) => chosen.push(v)} files={files([asset('a1', 'icon.png', 'image'), asset('d1', 'menu.pdf', 'document')])} />)
    const select = byLabel<HTMLSelectElement>(view.container, 'Icon image')
    await waitFor(() => !select.disabled)
    expect([...select.options].map((o) => o.textContent)).toEqual(['Default icon (the first letter of the site title)', 'icon.png'])
    await choose(select, 'a1')
    expect(chosen).toEqual(['a1'])
  })

  it('shows the chosen image as the preview', async () => {
    view = await render(<SiteIconField siteId="s1" value="a1" onChange={() => {}} files={files([asset('a1', 'icon.png', 'image')])} />)
    const img = await waitFor(() => view!.container.querySelector<HTMLImageElement>('img.site-icon-preview'))
    expect(img.getAttribute('src')).toBe('/files/demo/a1/icon.png?format=100w')
  })
})
