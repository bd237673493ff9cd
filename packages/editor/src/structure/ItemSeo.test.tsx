// @vitest-environment jsdom
// A blog post's search and sharing form: SEO title, description and the social image picked from the site's files.
import { afterEach, describe, expect, it } from 'vitest'
import type { Item } from '../api/content.js'
import { byText, click, render, typeInto, waitFor, type Rendered } from '../../test/dom.js'
import { fileAsset, filesServer, Wrap } from '../../test/editorFakes.js'
import { ItemSeo } from './CollectionItems.js'

let view: Rendered | undefined
afterEach(() => view?.unmount())

const post = (extra: Partial<Item> = {}): Item => ({
  id: 'i1', collectionId: 'c1', recordType: 1, title: 'Firing the kiln', urlId: 'firing', fullUrl: '/blog/firing', tags: [], categories: [],
  updatedOn: 0, status: 'published', publishOn: null, layout: null, ...extra,
})

describe('post search and sharing', () => {
  it('picks a social image from the site files and saves it with the SEO text', async () => {
    const saves: unknown[] = []
    const files = filesServer([fileAsset('f1', { filename: 'kiln.png' })])
    view = await render(
      <Wrap files={files}>
        <ItemSeo item={post()} onSave={async (p) => void saves.push(p)} />
      </Wrap>,
    )
    const root = view.container
    await typeInto(root.querySelector<HTMLInputElement>('input')!, 'Kiln day')
    await click(byText(root, 'button', 'Choose an image')!)
    const pick = await waitFor(() => [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find((b) => /kiln/i.test(b.textContent ?? '') || /kiln/i.test(b.getAttribute('aria-label') ?? '')))
    await click(pick)
    const thumb = await waitFor(() => root.querySelector<HTMLImageElement>('.item-seo-image img'))
    expect(thumb.getAttribute('src')).toBe('/files/demo/f1/f1.png')
    await click(byText(root, 'button', 'Save search and sharing')!)
    expect(saves).toEqual([{ seoTitle: 'Kiln day', seoDescription: '', socialImageId: 'f1' }])
  })

  it('shows the saved image and removes it', async () => {
    const saves: unknown[] = []
    view = await render(
      <Wrap files={filesServer([fileAsset('f2')])}>
        <ItemSeo item={post({ socialImageId: 'f2' })} onSave={async (p) => void saves.push(p)} />
      </Wrap>,
    )
    const root = view.container
    await waitFor(() => root.querySelector('.item-seo-image img'))
    await click(byText(root, 'button', 'Remove')!)
    await click(byText(root, 'button', 'Save search and sharing')!)
    expect(saves).toEqual([{ seoTitle: '', seoDescription: '', socialImageId: null }])
  })
})
