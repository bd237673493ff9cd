// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient } from '../api/client.js'
import { createOwnerApi } from '../api/owner.js'
import type { SiteSummary, WebsiteSettings } from '../api/types.js'
import {
  byLabel,
  byText,
  choose,
  click,
  queryByLabel,
  render,
  typeInto,
  waitFor,
  type Rendered,
} from '../../test/dom.js'
import { App } from './App.js'

// An in-memory stand-in for the owner API, answering over fetch in the shapes of the contract.
function ownerServer() {
  let signedIn = false
  const sites: SiteSummary[] = [
    { id: '1', slug: 'demo', title: 'Demo', role: 1, roleName: 'ADMIN', url: 'http://localhost/' },
    { id: '2', slug: 'shop', title: 'Shop', role: 4, roleName: 'EDITOR', url: 'http://shop.localhost/' },
  ]
  const settings = new Map<string, WebsiteSettings>(
    sites.map((s) => [
      String(s.id),
      {
        title: s.title,
        commentsEnabled: false,
        disqusShortName: '',
        simpleLikingEnabled: false,
        likesRequireSignIn: false,
        timeZone: 'America/New_York',
        useCLDRMoneyFormat: false,
        currency: 'USD',
        locale: 'en-US',
        iconImageId: null,
      },
    ]),
  )
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })
  const user = { id: 7, email: 'demo@sitewright.local', name: 'Demo Owner' }
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const path = String(input)
    const method = init.method ?? 'GET'
    const body = init.body ? JSON.parse(String(init.body)) : undefined
    if (path === '/api/auth/me')
      return signedIn
        ? json(200, { user, sites })
        : json(401, { error: { type: 'unauthorized', code: 'not_signed_in', message: 'Not signed in' } })
    if (path === '/api/auth/login') {
      if (body.password !== 'right')
        return json(401, {
          error: { type: 'unauthorized', code: 'invalid_credentials', message: 'Wrong email or password' },
        })
      signedIn = true
      return json(200, { user, sites })
    }
    const m = /^\/api\/sites\/(\d+)\/settings$/.exec(path)
    if (m && !signedIn)
      return json(401, { error: { type: 'unauthorized', code: 'not_signed_in', message: 'Not signed in' } })
    if (m) {
      const current = settings.get(m[1]!)!
      if (method === 'PATCH') settings.set(m[1]!, { ...current, ...body })
      return json(200, { settings: settings.get(m[1]!) })
    }
    return json(404, { error: { type: 'not_found', code: 'not_found', message: 'Not found' } })
  }
  return { fetch, signIn: () => (signedIn = true), signOut: () => (signedIn = false), settings }
}

let view: Rendered | undefined
let server: ReturnType<typeof ownerServer>
beforeEach(() => {
  server = ownerServer()
  window.localStorage.clear()
})
afterEach(() => view?.unmount())

async function open(path: string) {
  window.history.replaceState(null, '', path)
  view = await render(<App api={createOwnerApi(createApiClient({ fetch: server.fetch }))} />)
  return view.container
}

const heading = (root: HTMLElement) => root.querySelector('h1')?.textContent

// 20 s each: the screens are lazy chunks, first imported here; under a loaded full unit run that took over the default 5 s
describe('editor shell', { timeout: 20_000 }, () => {
  it('logs in with the server answering, then lands on the first site', async () => {
    const root = await open('/config/')
    await waitFor(() => heading(root) === 'Log in')
    expect(window.location.pathname).toBe('/config/login')
    await typeInto(byLabel(root, 'Email'), 'demo@sitewright.local')
    await typeInto(byLabel(root, 'Password'), 'wrong')
    await click(byText(root, 'button', 'Log in')!)
    await waitFor(() => root.querySelector('[role="alert"]')?.textContent === 'Wrong email or password')
    await typeInto(byLabel(root, 'Password'), 'right')
    await click(byText(root, 'button', 'Log in')!)
    await waitFor(() => heading(root) === 'Pages')
    expect(window.location.pathname).toBe('/config/sites/1/pages')
    expect(root.textContent).toContain('Choose a page to edit its blocks, or add a page.')
    expect(root.querySelector('nav a[aria-current="page"]')?.textContent).toBe('Pages')
  })

  it('switches the site the editor works on', async () => {
    server.signIn()
    const root = await open('/config/sites/1/settings')
    await waitFor(() => queryByLabel(root, 'Site title')?.value === 'Demo')
    await choose(byLabel<HTMLSelectElement>(root, 'Site'), '2')
    expect(window.location.pathname).toBe('/config/sites/2/settings')
    await waitFor(() => queryByLabel(root, 'Site title')?.value === 'Shop')
    expect(document.title).toBe('Settings · Shop · Sitewright')
  })

  it('guards unsaved changes when leaving, and reflects a saved title in the switcher', async () => {
    server.signIn()
    const root = await open('/config/sites/1/settings')
    await waitFor(() => queryByLabel(root, 'Site title')?.value === 'Demo')
    await typeInto(byLabel(root, 'Site title'), 'Renamed')
    await click(byText(root, 'nav a', 'Pages')!)
    const dialog = await waitFor(() => document.querySelector('[role="alertdialog"]'))
    expect(dialog.textContent).toContain('You have unsaved changes.')
    expect(document.activeElement?.textContent).toBe('Keep editing')
    await click(byText(dialog, 'button', 'Keep editing')!)
    expect(document.querySelector('[role="alertdialog"]')).toBeNull()
    expect(window.location.pathname).toBe('/config/sites/1/settings')

    await click(byText(root, 'button', 'Save')!)
    await waitFor(() => root.querySelector('.save-status')?.textContent === 'Settings saved')
    expect(server.settings.get('1')?.title).toBe('Renamed')
    expect(byLabel<HTMLSelectElement>(root, 'Site').selectedOptions[0]?.textContent).toBe('Renamed (Administrator)')

    await typeInto(byLabel(root, 'Site title'), 'Unsaved')
    await click(byText(root, 'nav a', 'Commerce')!)
    const again = await waitFor(() => document.querySelector<HTMLElement>('[role="alertdialog"]'))
    await click(byText(again, 'button', 'Discard changes')!)
    await waitFor(() => heading(root) === 'Commerce')
    expect(server.settings.get('1')?.title).toBe('Renamed')
  })

  it('goes back to the login screen when the session has ended', async () => {
    server.signIn()
    const root = await open('/config/sites/1/pages')
    await waitFor(() => heading(root) === 'Pages')
    server.signOut()
    await click(byText(root, 'nav a', 'Settings')!)
    await waitFor(() => heading(root) === 'Log in')
    expect(window.location.pathname).toBe('/config/login')
  })
})
