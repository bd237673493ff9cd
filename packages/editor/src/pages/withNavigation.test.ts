// The page tree shows the navigation's draft: each page named by the draft takes its section, order, navigation
// title and folder; the others keep their own.
import { describe, expect, it } from 'vitest'
import { collection } from '../../test/editorFakes.js'
import { buildTree } from '../structure/tree.js'
import { withNavigation } from './usePageTree.js'

describe('withNavigation', () => {
  const pages = [collection('a', { title: 'A', navigation: 'main', ordering: 1 }), collection('b', { title: 'B', navigation: 'main', ordering: 2 }), collection('c', { title: 'C', navigation: 'main', ordering: 3 })]

  it('applies the draft places and leaves the rest', () => {
    const draft = { pages: [{ id: 'c', navigation: 'main', ordering: 0, navigationTitle: 'See', parentId: null }, { id: 'b', navigation: 'footer', ordering: 1, navigationTitle: '', parentId: null }], unpublished: true, updatedOn: 1 }
    const shown = withNavigation(pages, draft)
    const tree = buildTree(shown)
    expect(tree.main.map((n) => n.collection.id)).toEqual(['c', 'a'])
    expect(tree.footer.map((n) => n.collection.id)).toEqual(['b'])
    expect(shown.find((p) => p.id === 'c')!.navigationTitle).toBe('See')
    expect(pages.find((p) => p.id === 'b')!.navigation).toBe('main')
  })

  it('without a draft the pages are as they are', () => {
    expect(withNavigation(pages, null)).toEqual(pages)
  })
})
