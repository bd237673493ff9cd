import { describe, expect, it } from 'vitest'
import type { Collection } from '../api/content.js'
import { buildTree, flatIds, planMove } from './tree.js'

function page(id: string, navigation: Collection['navigation'], ordering: number, extra: Partial<Collection> = {}): Collection {
  return {
    id, navigation, ordering, parentId: null, type: 10, typeName: 'page', title: id.toUpperCase(), navigationTitle: '', urlId: id,
    fullUrl: `/${id}`, folder: false, homepage: false, layout: null, lock: 'none', passwordSet: false, seoTitle: '',
    seoDescription: '', seoHidden: false, status: 'published', publishOn: null, updatedOn: 1, ...extra,
  }
}

const site = [
  page('home', 'main', 1),
  page('about', 'main', 2),
  page('folder', 'main', 3, { typeName: 'folder', folder: true }),
  page('child', 'main', 4, { parentId: 'folder' }),
  page('secret', '_hidden', 1),
  page('members', '_memberareas', 1),
]

describe('page tree', () => {
  it('groups pages by navigation with folders holding their children', () => {
    const t = buildTree(site)
    expect(t.main.map((n) => n.collection.id)).toEqual(['home', 'about', 'folder'])
    expect(t.main[2]!.children.map((n) => n.collection.id)).toEqual(['child'])
    expect(t._hidden.map((n) => n.collection.id)).toEqual(['secret'])
    expect(t._memberareas.map((n) => n.collection.id)).toEqual(['members'])
    expect(flatIds(t.main)).toEqual(['home', 'about', 'folder', 'child'])
  })

  it('reorders within a section', () => {
    expect(planMove(site, 'about', 'main', 0)).toEqual({ patch: null, navigation: 'main', order: ['about', 'home', 'folder', 'child'] })
    expect(planMove(site, 'home', 'main', 0)).toBeNull()
  })

  it('moves to another section (hidden pages, member areas) with a patch first', () => {
    expect(planMove(site, 'about', '_hidden', 0)).toEqual({ patch: { navigation: '_hidden' }, navigation: '_hidden', order: ['about', 'secret'] })
    expect(planMove(site, 'child', 'main', 1)).toEqual({ patch: { parentId: null }, navigation: 'main', order: ['home', 'child', 'about', 'folder'] })
  })

  it('moves into a folder, never into itself', () => {
    expect(planMove(site, 'about', 'main', 0, 'folder')).toEqual({ patch: { parentId: 'folder' }, navigation: 'main', order: ['home', 'folder', 'about', 'child'] })
    expect(planMove(site, 'folder', 'main', 0, 'folder')).toBeNull()
  })
})
