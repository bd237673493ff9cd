// @vitest-environment jsdom
import { CONNECTED_ACCOUNTS_SCREEN, CONNECTED_LINK_PROVIDERS, type ConnectedLink, type SiteProfile, type SiteProfilePatch } from '@sitewright/contracts'
import { afterEach, describe, expect, it } from 'vitest'
import type { ApiResult } from '../api/client.js'
import type { ProfileApi } from '../api/profile.js'
import type { SiteSummary } from '../api/types.js'
import { NavigationProvider } from '../app/navigation.js'
import { parseRoute } from '../app/routes.js'
import { byLabel, byText, choose, click, messageFor, render, typeInto, waitFor, type Rendered } from '../../test/dom.js'
import { ConnectedAccountsScreen } from './ConnectedAccountsScreen.js'
import { checkDraft, chooseProvider, emptyDraft, listWith, serverErrors } from './connectedLinks.js'
import { parseSettingsTab, SETTINGS_TABS, settingsPath, settingsTabsFor } from './paths.js'

const site: SiteSummary = { id: '1', slug: 'verde', title: 'Verde', role: 1, roleName: 'ADMIN', url: 'http://verde.localhost/' }
const ORDER = 'https://order.example.com/verde'

const profileOf = (connectedLinks: ConnectedLink[]): SiteProfile => ({ siteDescription: '', tagLine: '', logoImageId: null, socialAccounts: [], connectedLinks })

/** An in-memory profile API that answers like the server: the list replaced, empty titles shown as the default. */
function fakeApi(initial: ConnectedLink[] = [], refuse?: (patch: SiteProfilePatch) => Record<string, string> | null) {
  let links = initial
  const patches: SiteProfilePatch[] = []
  const api: ProfileApi = {
    get: async () => ({ ok: true, status: 200, data: { profile: profileOf(links) } }),
    update: async (_siteId, patch): Promise<ApiResult<{ profile: SiteProfile }>> => {
      patches.push(patch)
      const fields = refuse?.(patch)
      if (fields) return { ok: false, error: { kind: 'http', status: 400, type: 'invalid_data', code: 'validation_failed', message: 'Check the highlighted fields.', fields } }
      links = (patch.connectedLinks ?? links).map((l) => ({ ...l, title: l.title || CONNECTED_LINK_PROVIDERS[l.provider].defaultTitle }))
      return { ok: true, status: 200, data: { profile: profileOf(links) } }
    },
  }
  return { api, patches, links: () => links }
}

let view: Rendered | undefined
afterEach(() => view?.unmount())

async function mount(api: ProfileApi, s: SiteSummary = site) {
  view = await render(
    <NavigationProvider>
      <ConnectedAccountsScreen site={s} api={api} />
    </NavigationProvider>,
  )
  return view.container
}

const rows = (root: HTMLElement) =>
  [...root.querySelectorAll('table.connected-links tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent?.trim()))
const status = (root: HTMLElement) => root.querySelector('.connected-notice')?.textContent

describe('connected-account link drafts', () => {
  it("choosing the food-ordering service fills in its default title ('Order Now') unless the owner wrote one", () => {
    expect(chooseProvider(emptyDraft(), 'online-ordering').title).toBe('Order Now')
    expect(chooseProvider({ provider: '', title: 'Takeaway', url: '' }, 'online-ordering').title).toBe('Takeaway')
    // back to no service: the default it brought goes, the owner's own title stays
    expect(chooseProvider({ provider: 'online-ordering', title: 'Order Now', url: '' }, '').title).toBe('')
    expect(chooseProvider({ provider: 'online-ordering', title: 'Takeaway', url: '' }, '').title).toBe('Takeaway')
  })

  it('needs a service and an address; the server judges the address', () => {
    expect(checkDraft(emptyDraft())).toEqual({ provider: 'Choose a service.', url: 'Enter the address of the page visitors go to.' })
    expect(checkDraft({ provider: 'online-ordering', title: 'x'.repeat(101), url: 'http://x' })).toEqual({ title: 'Use at most 100 characters.' })
    expect(checkDraft({ provider: 'online-ordering', title: '', url: 'http://x' })).toEqual({})
  })

  it("replaces or appends the entry, and sorts the server's messages by entry and field", () => {
    const a: ConnectedLink = { provider: 'online-ordering', title: 'A', url: 'https://a.example' }
    const b: ConnectedLink = { provider: 'online-ordering', title: 'B', url: 'https://b.example' }
    expect(listWith([a], null, b)).toEqual([a, b])
    expect(listWith([a, b], 0, b)).toEqual([b, b])
    expect(serverErrors({ 'connectedLinks.1.url': 'Bad link', 'connectedLinks.0.title': 'Too long', connectedLinks: 'Too many' }, 1)).toEqual({
      errors: { url: 'Bad link' },
      other: ['Too long', 'Too many'],
    })
  })
})

describe('settings tabs', () => {
  it('routes settings/connected-accounts to its tab, and anything else under Settings to not-found', () => {
    expect(settingsPath('1', 'connected-accounts')).toBe('/config/sites/1/settings/connected-accounts')
    expect(parseRoute('/config/sites/1/settings/connected-accounts')).toEqual({ name: 'site', siteId: '1', section: 'settings' })
    expect(parseSettingsTab('/config/sites/1/settings/connected-accounts', '1')).toBe('connected-accounts')
    expect(parseSettingsTab('/config/sites/1/settings', '1')).toBe('general')
    expect(parseSettingsTab('/config/sites/1/settings/nope', '1')).toBe('not-found')
    expect(parseRoute('/config/sites/1/settings/connected-accounts/x')).toEqual({ name: 'not-found' })
  })

  it("names the tab as starter read-me pages do, and shows it only to roles that change the site's content", () => {
    expect(SETTINGS_TABS.find((t) => t.id === 'connected-accounts')?.label).toBe(CONNECTED_ACCOUNTS_SCREEN.tab)
    expect(settingsTabsFor(['settings.read', 'content']).map((t) => t.id)).toEqual(['general', 'connected-accounts'])
    expect(settingsTabsFor(['settings.read', 'billing']).map((t) => t.id)).toEqual(['general'])
    expect(settingsTabsFor(undefined)).toHaveLength(4) // general, connected accounts, domains, import
    expect(settingsTabsFor(['settings.read', 'transfer']).map((t) => t.id)).toEqual(['general', 'import'])
    expect(settingsTabsFor(['settings.read', 'settings.edit']).map((t) => t.id)).toEqual(['general', 'domains'])
  })
})

describe('ConnectedAccountsScreen', () => {
  it("adds a food-ordering link with 'Order Now' prefilled, lists it, edits its address and removes it", async () => {
    const server = fakeApi()
    const root = await mount(server.api)
    await waitFor(() => root.textContent?.includes('No connected accounts yet.'))
    expect(byText(root, 'nav a', 'Connected accounts')?.getAttribute('aria-current')).toBe('page')

    await click(byText(root, 'button', 'Add a connected account')!)
    const service = byLabel<HTMLSelectElement>(root, 'Service')
    expect(document.activeElement).toBe(service)
    expect(service.value).toBe('')
    expect(byLabel(root, 'Title').value).toBe('')
    await choose(service, 'online-ordering')
    expect(byLabel(root, 'Title').value).toBe('Order Now')
    await typeInto(byLabel(root, 'Address'), ` ${ORDER} `)
    await click(byText(root, 'button', 'Add')!)
    await waitFor(() => status(root) === "“Order Now” was added to the site's navigation.")
    expect(server.patches).toEqual([{ connectedLinks: [{ provider: 'online-ordering', title: 'Order Now', url: ORDER }] }])
    expect(rows(root)).toEqual([['Online food ordering', 'Order Now', ORDER]])
    expect(root.querySelector('form')).toBeNull()

    await click(root.querySelector('button[aria-label="Edit Order Now"]')!)
    expect(byLabel(root, 'Address').value).toBe(ORDER)
    await typeInto(byLabel(root, 'Address'), 'https://order.example.com/verde-2')
    await click(byText(root, 'button', 'Save')!)
    await waitFor(() => status(root) === "“Order Now” was saved in the site's navigation.")
    expect(server.patches.at(-1)).toEqual({ connectedLinks: [{ provider: 'online-ordering', title: 'Order Now', url: 'https://order.example.com/verde-2' }] })
    expect(rows(root)).toEqual([['Online food ordering', 'Order Now', 'https://order.example.com/verde-2']])

    await click(root.querySelector('button[aria-label="Remove Order Now"]')!)
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('[role="alertdialog"]'))
    expect(dialog.textContent).toContain('Remove “Order Now” (https://order.example.com/verde-2)')
    await click(byText(dialog, 'button', 'Remove')!)
    await waitFor(() => status(root) === "“Order Now” was removed from the site's navigation.")
    expect(server.patches.at(-1)).toEqual({ connectedLinks: [] })
    expect(root.textContent).toContain('No connected accounts yet.')
  })

  it('checks presence before saving and focuses the first field with a message', async () => {
    const server = fakeApi()
    const root = await mount(server.api)
    await click(await waitFor(() => byText(root, 'button', 'Add a connected account')))
    await click(byText(root, 'button', 'Add')!)
    expect(messageFor(byLabel(root, 'Service'))).toBe('Choose a service.')
    expect(messageFor(byLabel(root, 'Address'))).toBe('Enter the address of the page visitors go to.')
    expect(document.activeElement).toBe(byLabel(root, 'Service'))
    expect(server.patches).toEqual([])
    await choose(byLabel<HTMLSelectElement>(root, 'Service'), 'online-ordering')
    expect(messageFor(byLabel(root, 'Service'))).toBeNull()
  })

  it("shows the server's messages under the fields of the entry being saved, and keeps the draft", async () => {
    const existing: ConnectedLink = { provider: 'online-ordering', title: 'Order Now', url: ORDER }
    const server = fakeApi([existing], (patch) =>
      patch.connectedLinks?.[1]?.url.startsWith('https://') ? null : { 'connectedLinks.1.url': 'Links must be formatted as https://example.com' },
    )
    const root = await mount(server.api)
    await waitFor(() => rows(root).length === 1)
    await click(byText(root, 'button', 'Add a connected account')!)
    await choose(byLabel<HTMLSelectElement>(root, 'Service'), 'online-ordering')
    await typeInto(byLabel(root, 'Title'), 'Order for pickup')
    await typeInto(byLabel(root, 'Address'), 'http://order.example.com/pickup')
    await click(byText(root, 'button', 'Add')!)
    const address = byLabel(root, 'Address')
    await waitFor(() => messageFor(address))
    expect(messageFor(address)).toBe('Links must be formatted as https://example.com')
    expect(address.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(address)
    // the message is under its field: no other words above the form
    expect(root.querySelector('[role="alert"]')).toBeNull()
    expect(rows(root)).toHaveLength(1)

    await typeInto(address, 'https://order.example.com/pickup')
    expect(messageFor(address)).toBeNull()
    await click(byText(root, 'button', 'Add')!)
    await waitFor(() => rows(root).length === 2)
    expect(rows(root)[1]).toEqual(['Online food ordering', 'Order for pickup', 'https://order.example.com/pickup'])
  })

  it("shows a refusal that names no field of the entry above the form", async () => {
    const server = fakeApi([], () => ({ connectedLinks: 'Add at most 5 connected accounts.' }))
    const root = await mount(server.api)
    await click(await waitFor(() => byText(root, 'button', 'Add a connected account')))
    await choose(byLabel<HTMLSelectElement>(root, 'Service'), 'online-ordering')
    await typeInto(byLabel(root, 'Address'), ORDER)
    await click(byText(root, 'button', 'Add')!)
    await waitFor(() => root.querySelector('.connected-form [role="alert"]'))
    expect(root.querySelector('.connected-form [role="alert"]')?.textContent).toBe('Add at most 5 connected accounts.')
    expect(messageFor(byLabel(root, 'Address'))).toBeNull()
  })

  it('cancels without saving, and offers no more entries than the server keeps', async () => {
    const full = Array.from({ length: 5 }, (_, i): ConnectedLink => ({ provider: 'online-ordering', title: `Order ${i}`, url: `https://o${i}.example` }))
    const server = fakeApi(full)
    const root = await mount(server.api)
    await waitFor(() => rows(root).length === 5)
    expect(byText(root, 'button', 'Add a connected account')).toBeUndefined()
    expect(root.textContent).toContain('A site has at most 5 connected accounts')
    await click(root.querySelector('button[aria-label="Edit Order 2"]')!)
    await typeInto(byLabel(root, 'Title'), 'Changed')
    await click(byText(root, 'button', 'Cancel')!)
    expect(root.querySelector('form')).toBeNull()
    expect(server.patches).toEqual([])
    expect(rows(root)[2]?.[1]).toBe('Order 2')
  })

  it('says so when the links cannot be read, and tries again', async () => {
    let fail = true
    const api: ProfileApi = {
      get: async () =>
        fail
          ? { ok: false, error: { kind: 'network', status: 0, type: 'network', code: 'network', message: 'Network error', fields: {} } }
          : { ok: true, status: 200, data: { profile: profileOf([]) } },
      update: async () => ({ ok: true, status: 200, data: { profile: profileOf([]) } }),
    }
    const root = await mount(api)
    await waitFor(() => root.querySelector('[role="alert"]')?.textContent?.includes('Network error'))
    fail = false
    await click(byText(root, 'button', 'Try again')!)
    await waitFor(() => root.textContent?.includes('No connected accounts yet.'))
  })
})
