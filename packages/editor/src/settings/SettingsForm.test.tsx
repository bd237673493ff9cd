// @vitest-environment jsdom
import { STORE_CURRENCIES, currencyOf } from '@sitewright/contracts'
import { afterEach, describe, expect, it } from 'vitest'
import type { ApiResult } from '../api/client.js'
import type { WebsiteSettings } from '../api/types.js'
import { NavigationProvider } from '../app/navigation.js'
import {
  byLabel,
  byText,
  choose,
  click,
  messageFor,
  render,
  typeInto,
  waitFor,
  type Rendered,
} from '../../test/dom.js'
import { SettingsForm } from './SettingsForm.js'
import { changedFields, validateSettings } from './validation.js'

const base: WebsiteSettings = {
  title: 'Demo',
  commentsEnabled: true,
  disqusShortName: '',
  simpleLikingEnabled: false,
  likesRequireSignIn: false,
  timeZone: 'America/New_York',
  useCLDRMoneyFormat: false,
  currency: 'USD',
  locale: 'en-US',
  iconImageId: null,
}

type Save = (patch: Partial<WebsiteSettings>) => Promise<ApiResult<{ settings: WebsiteSettings }>>

let view: Rendered | undefined
afterEach(() => view?.unmount())

async function mount(save: Save) {
  view = await render(
    <NavigationProvider>
      <SettingsForm initial={base} save={save} />
    </NavigationProvider>,
  )
  return view.container
}

const submit = (root: HTMLElement) => click(byText(root, 'button', 'Save')!)

describe('settings validation rules', () => {
  it('accepts the defaults and rejects bad values with a message per field', () => {
    expect(validateSettings(base)).toEqual({})
    const errors = validateSettings({
      ...base,
      title: '  ',
      disqusShortName: 'has space',
      timeZone: 'Mars/Olympus',
      currency: 'XYZ',
      locale: 'not a locale',
    })
    expect(Object.keys(errors).sort()).toEqual(['currency', 'disqusShortName', 'locale', 'timeZone', 'title'])
    expect(errors.timeZone).toBe('Mars/Olympus is not one of the expected options')
    expect(validateSettings({ ...base, title: 'x'.repeat(101) }).title).toBe('Use at most 100 characters.')
    expect(validateSettings({ ...base, title: 'x'.repeat(100) }).title).toBeUndefined()
  })

  it('sends only the changed fields, trimmed', () => {
    expect(changedFields(base, { ...base, title: ' New ', commentsEnabled: false })).toEqual({
      title: 'New',
      commentsEnabled: false,
    })
    expect(changedFields(base, { ...base, title: 'Demo ' })).toEqual({})
  })
})

describe('SettingsForm', () => {
  it('shows client-side messages under the fields, focuses the first and does not save', async () => {
    const patches: unknown[] = []
    const root = await mount(async (p) => {
      patches.push(p)
      return { ok: true, status: 200, data: { settings: base } }
    })
    const title = byLabel(root, 'Site title')
    const locale = byLabel(root, 'Locale')
    await typeInto(title, '')
    await typeInto(locale, 'en_US!')
    await submit(root)
    expect(messageFor(title)).toBe('Enter a site title.')
    expect(title.getAttribute('aria-invalid')).toBe('true')
    expect(messageFor(locale)).toBe('Choose a language tag such as en-US.')
    expect(document.activeElement).toBe(title)
    expect(patches).toEqual([])
    await typeInto(title, 'Fixed')
    expect(messageFor(title)).toBeNull()
  })

  it('saves the changed fields and confirms', async () => {
    const patches: Partial<WebsiteSettings>[] = []
    const root = await mount(async (p) => {
      patches.push(p)
      return { ok: true, status: 200, data: { settings: { ...base, ...p } } }
    })
    expect(byText(root, 'button', 'Save')?.hasAttribute('disabled')).toBe(true)
    await typeInto(byLabel(root, 'Site title'), 'My shop')
    await choose(byLabel<HTMLSelectElement>(root, 'Time zone'), 'Europe/Paris')
    await click(byLabel(root, 'Allow likes'))
    await click(byLabel(root, 'Only signed-in members can like'))
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Unsaved changes')
    await submit(root)
    await waitFor(() => root.querySelector('[role="status"]')?.textContent === 'Settings saved')
    expect(patches).toEqual([{ title: 'My shop', timeZone: 'Europe/Paris', simpleLikingEnabled: true, likesRequireSignIn: true }])
    expect(byText(root, 'button', 'Save')?.hasAttribute('disabled')).toBe(true)
  })

  it("shows the server's per-field messages as-is", async () => {
    const root = await mount(async () => ({
      ok: false,
      error: {
        kind: 'http',
        status: 400,
        type: 'invalid_data',
        code: 'validation_failed',
        message: 'Some settings are invalid',
        fields: { disqusShortName: 'That Disqus site does not exist' },
      },
    }))
    const disqus = byLabel(root, 'Disqus short name')
    await typeInto(disqus, 'nosuchsite')
    await submit(root)
    await waitFor(() => messageFor(disqus))
    expect(messageFor(disqus)).toBe('That Disqus site does not exist')
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('Some settings are invalid')
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Unsaved changes')
  })

  it('offers every IANA time zone', async () => {
    const root = await mount(async () => ({ ok: true, status: 200, data: { settings: base } }))
    const zones = [...byLabel<HTMLSelectElement>(root, 'Time zone').options].map((o) => o.value)
    expect(zones).toEqual(expect.arrayContaining(Intl.supportedValuesOf('timeZone')))
    expect(byLabel<HTMLSelectElement>(root, 'Time zone').value).toBe('America/New_York')
  })

  it("names each store currency as the shared Currency record does (code — name)", async () => {
    const root = await mount(async () => ({ ok: true, status: 200, data: { settings: base } }))
    const labels = new Map([...byLabel<HTMLSelectElement>(root, 'Currency').options].map((o) => [o.value, o.textContent]))
    for (const code of STORE_CURRENCIES) expect(labels.get(code)).toBe(`${code} — ${currencyOf(code)!.name}`)
    expect(labels.get('JPY')).toBe('JPY — Japanese Yen')
  })
})
