// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import type { MemberAreaView, OwnerMember } from '@sitewright/contracts'
import type { ApiResult } from '../api/client.js'
import type { MembersApi } from '../api/members.js'
import { byLabel, byText, choose, click, render, typeInto, waitFor, type Rendered } from '../../test/dom.js'
import { MembersScreen } from './MembersScreen.js'

// An in-memory members API in the contract's shapes (search by name or email, tags, comp access, removal).
function membersServer() {
  const member = (id: string, email: string, name: string): OwnerMember => ({
    id,
    email,
    name,
    verified: true,
    newsletter: false,
    tags: [],
    compAccess: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSignInAt: null,
  })
  let members = [
    member('1', 'ada@example.com', 'Ada Lovelace'),
    member('2', 'grace@example.com', 'Grace Hopper'),
  ]
  let areas: MemberAreaView[] = [
    { collectionId: 'a1', title: 'Studio notes', fullUrl: '/studio-notes', rule: 'members', productId: null },
  ]
  const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, status: 200, data })
  const api: MembersApi = {
    list: async (_s, q) => {
      const found = members.filter(
        (m) =>
          (!q.q || `${m.name} ${m.email}`.toLowerCase().includes(q.q.toLowerCase())) &&
          (!q.tag || m.tags.includes(q.tag)),
      )
      return ok({
        members: found,
        total: found.length,
        page: 1,
        pageSize: 50,
        tags: [...new Set(members.flatMap((m) => m.tags))].sort(),
      })
    },
    change: async (_s, id, patch) => {
      members = members.map((m) =>
        m.id === id
          ? {
              ...m,
              tags: [...m.tags.filter((t) => !patch.removeTags?.includes(t)), ...(patch.addTags ?? [])],
              compAccess: patch.compAccess ?? m.compAccess,
            }
          : m,
      )
      return ok({ member: members.find((m) => m.id === id)! })
    },
    remove: async (_s, id) => {
      members = members.filter((m) => m.id !== id)
      return ok(undefined)
    },
    areas: async () => ok({ areas, products: [] }),
    setArea: async (_s, id, rule) => {
      areas = areas.map((a) => (a.collectionId === id ? { ...a, ...rule } : a))
      return ok({ area: areas.find((a) => a.collectionId === id)! })
    },
    csvUrl: (siteId, q) =>
      `/api/sites/${siteId}/members/export.csv${q.q ? `?q=${encodeURIComponent(q.q)}` : ''}`,
  }
  return { api, members: () => members, areas: () => areas }
}

describe('MembersScreen', () => {
  let r: Rendered | undefined
  afterEach(() => r?.unmount())
  const site = {
    id: 's1',
    slug: 's',
    title: 'Clay Studio',
    role: 1,
    roleName: 'ADMIN',
    url: '/',
    capabilities: ['members'],
  }

  it('searches, tags, gives comp access, removes after confirming, and sets an area rule', async () => {
    const server = membersServer()
    r = await render(<MembersScreen site={site} api={server.api} />)
    const c = r.container
    await waitFor(() => c.querySelector('tr[data-member="grace@example.com"]'))
    await typeInto(byLabel(c, 'Search by name or email'), 'HOPPER')
    await click(byText(c, 'button', 'Search')!)
    await waitFor(() => !c.querySelector('tr[data-member="ada@example.com"]'))
    expect(c.querySelector<HTMLAnchorElement>('a[download]')!.getAttribute('href')).toBe(
      '/api/sites/s1/members/export.csv?q=HOPPER',
    )

    await typeInto(byLabel(c, 'New tag for Grace Hopper'), 'potters')
    await click(byText(c, '.tag-add button', 'Add')!)
    await waitFor(() => c.querySelector('[aria-label="Remove tag potters from Grace Hopper"]'))
    expect(server.members().find((m) => m.id === '2')!.tags).toEqual(['potters'])
    await click(c.querySelector('[aria-label="Remove tag potters from Grace Hopper"]')!)
    await waitFor(() => !c.querySelector('.tag-chip'))

    await click(c.querySelector('.comp-toggle input')!)
    await waitFor(() => server.members().find((m) => m.id === '2')!.compAccess)

    await click(c.querySelector('[aria-label="Remove Grace Hopper"]')!)
    const dialog = await waitFor(() => document.querySelector('[role="alertdialog"]'))
    expect(dialog.textContent).toContain('Remove Grace Hopper (grace@example.com)?')
    await click(byText(document.body, 'button', 'Remove member')!)
    expect((await waitFor(() => c.querySelector('p.status'))).textContent).toBe('Grace Hopper was removed.')
    expect(server.members().map((m) => m.id)).toEqual(['1'])
    expect(c.textContent).toContain('No member matches this search.')

    await choose(c.querySelector<HTMLSelectElement>('.area-rule select')!, 'tag')
    await typeInto(c.querySelector<HTMLInputElement>('.area-rule input')!, 'potters')
    await click(byText(c, '.area-rule button', 'Save')!)
    await waitFor(() => server.areas()[0]!.rule === 'tag')
    expect(server.areas()[0]!.tag).toBe('potters')
  })
})
