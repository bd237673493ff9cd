// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Onboarding } from '@sitewright/contracts'
import { NavigationProvider } from '../app/navigation.js'
import { click, render, waitFor, type Rendered } from '../../test/dom.js'
import { OnboardingChecklist } from './OnboardingChecklist.js'
import { createApiClient } from '../api/client.js'
import { parseRoute, routePath } from '../app/routes.js'

let view: Rendered | undefined
afterEach(() => {
  view?.unmount()
  vi.unstubAllGlobals()
})

const state = (done: Partial<Record<string, boolean>>, dismissed = false): Onboarding => ({
  starterId: 'journal',
  dismissed,
  homePageId: 'home1',
  steps: (['edit-home', 'add-logo', 'add-content', 'publish'] as const).map((id) => ({ id, label: `Step ${id}`, done: done[id] ?? false })),
})

describe('onboarding checklist', () => {
  it('shows the steps as the server ticks them, and goes away when dismissed', async () => {
    const calls: string[] = []
    let answer = state({ publish: true })
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${String(input)}`)
      if (String(input).endsWith('/dismiss')) answer = state({ publish: true }, true)
      return new Response(JSON.stringify({ onboarding: answer }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    view = await render(
      <NavigationProvider>
        <OnboardingChecklist siteId="site1" />
      </NavigationProvider>,
    )
    const box = await waitFor(() => view!.container.querySelector('[data-onboarding]'))
    expect(box.textContent).toContain('1 of 4 done')
    expect([...box.querySelectorAll('[data-step]')].map((li) => li.getAttribute('data-done'))).toEqual(['false', 'false', 'false', 'true'])
    expect(box.querySelector('[data-step="add-logo"] input[type="file"]')).not.toBeNull()
    await click(box.querySelector('[aria-label="Dismiss the getting started checklist"]')!)
    await waitFor(() => !view!.container.querySelector('[data-onboarding]'))
    expect(calls).toContain('POST /api/sites/site1/onboarding/dismiss')
  })

  it('reads the steps again as soon as the editor changes the site (a product made ticks its step at once)', async () => {
    let answer = state({})
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'POST' && String(input).startsWith('/api/sites/site1/commerce/')) answer = state({ 'add-content': true })
      return new Response(JSON.stringify({ onboarding: answer }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    view = await render(
      <NavigationProvider>
        <OnboardingChecklist siteId="site1" />
      </NavigationProvider>,
    )
    const box = await waitFor(() => view!.container.querySelector('[data-onboarding]'))
    expect(box.querySelector('[data-step="add-content"]')!.getAttribute('data-done')).toBe('false')
    // a write to another site changes nothing here; one to this site is followed by a fresh read (well before the
    // 4 s poll)
    expect((await createApiClient().post('/api/sites/other/commerce/products', {})).ok).toBe(true)
    expect((await createApiClient().post('/api/sites/site1/commerce/products', { name: 'Mug' })).ok).toBe(true)
    await waitFor(() => box.querySelector('[data-step="add-content"]')?.getAttribute('data-done') === 'true', 1500)
    expect(box.textContent).toContain('1 of 4 done')
  })

  it('shows nothing for a site not made from a starter, and does not poll it', async () => {
    const setInterval = vi.spyOn(window, 'setInterval')
    let reads = 0
    vi.stubGlobal('fetch', async () => {
      reads++
      return new Response(JSON.stringify({ onboarding: { starterId: null, dismissed: false, homePageId: null, steps: [] } }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    view = await render(
      <NavigationProvider>
        <OnboardingChecklist siteId="site2" />
      </NavigationProvider>,
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(view.container.querySelector('[data-onboarding]')).toBeNull()
    expect(reads).toBe(1)
    expect(setInterval).not.toHaveBeenCalled()
    setInterval.mockRestore()
  })
})

describe('starter chooser route', () => {
  it('maps /config/start and /config/start/<siteId>', () => {
    expect(parseRoute('/config/start')).toEqual({ name: 'start' })
    expect(parseRoute('/config/start/abc')).toEqual({ name: 'start', siteId: 'abc' })
    expect(routePath({ name: 'start', siteId: 'abc' })).toBe('/config/start/abc')
    expect(routePath({ name: 'start' })).toBe('/config/start')
  })
})
