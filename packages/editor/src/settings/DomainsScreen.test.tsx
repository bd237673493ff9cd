// @vitest-environment jsdom
import type { CustomDomain, DomainsAnswer } from '@sitewright/contracts'
import { afterEach, describe, expect, it } from 'vitest'
import type { ApiResult } from '../api/client.js'
import type { DomainsApi } from '../api/domains.js'
import type { SiteSummary } from '../api/types.js'
import { NavigationProvider } from '../app/navigation.js'
import { byLabel, byText, click, messageFor, render, typeInto, waitFor, type Rendered } from '../../test/dom.js'
import { domainState } from './domainStatus.js'
import { DomainsScreen } from './DomainsScreen.js'

const site: SiteSummary = { id: '1', slug: 'verde', title: 'Verde', role: 1, roleName: 'ADMIN', url: 'http://verde.localhost/' }
const DAY = 86_400_000

/** An in-memory domains API: the server's answers for add (with its 400 for a bad name), check, primary, remove. */
function fakeApi() {
  const domains: CustomDomain[] = []
  let txtThere = false
  const answer = (): ApiResult<DomainsAnswer> => ({ ok: true, status: 200, data: { domains: domains.map((d) => ({ ...d })), targets: { a: ['203.0.113.7'], aaaa: [], cname: [] }, https: true } })
  const api: DomainsApi = {
    list: async () => answer(),
    async add(_s, hostname) {
      if (!hostname.includes('.')) return { ok: false, error: { kind: 'http', status: 400, type: 'invalid_data', code: 'hostname_single_label', message: 'Enter a full domain name with a dot, like example.com.', fields: { hostname: 'Enter a full domain name with a dot, like example.com.' } } }
      const d: CustomDomain = { id: `d${domains.length}`, hostname, status: 'pending', primary: domains.length === 0, verification: { type: 'TXT', name: `_sitewright.${hostname}`, value: 'sitewright-verify=abc' } }
      domains.push(d)
      return { ok: true, status: 201, data: d }
    },
    async verify(_s, id) {
      const d = domains.find((x) => x.id === id)!
      if (txtThere) Object.assign(d, { status: 'active', certificate: { issuer: 'Test CA', notAfter: new Date(Date.now() + 80 * DAY).toISOString() } }, { error: undefined })
      else d.error = `No TXT record found at _sitewright.${d.hostname} yet.`
      return { ok: true, status: 200, data: d }
    },
    async primary(_s, id) {
      for (const d of domains) d.primary = d.id === id
      return answer()
    },
    async remove(_s, id) {
      domains.splice(domains.findIndex((d) => d.id === id), 1)
      return { ok: true, status: 204, data: null }
    },
  }
  return { api, domains, addRecord: () => (txtThere = true) }
}

let view: Rendered | undefined
afterEach(() => view?.unmount())

const cards = (root: HTMLElement) => [...root.querySelectorAll('.domain-card')].map((c) => [c.querySelector('h3')?.textContent, ...[...c.querySelectorAll('.domain-badge')].map((b) => b.textContent)])

describe('Settings -> Domains', () => {
  it('adds a domain, shows the DNS records, checks, makes primary and removes', async () => {
    const fake = fakeApi()
    view = await render(
      <NavigationProvider>
        <DomainsScreen site={site} api={fake.api} />
      </NavigationProvider>,
    )
    const root = view.container
    await waitFor(() => byText(root, 'p', 'No custom domains yet.'))
    const field = byLabel(root, 'Domain name')
    await typeInto(field, 'shop')
    await click(byText(root, 'button', 'Add domain')!)
    await waitFor(() => messageFor(field))
    expect(messageFor(field)).toBe('Enter a full domain name with a dot, like example.com.')
    await typeInto(field, 'www.verde.com')
    await click(byText(root, 'button', 'Add domain')!)
    await waitFor(() => cards(root).length === 1)
    expect(cards(root)).toEqual([['www.verde.com', 'Primary', 'Waiting for DNS']])
    const records = [...root.querySelectorAll('.domain-records tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))
    expect(records).toEqual([['TXT', '_sitewright.www.verde.com', 'sitewright-verify=abc'], ['A', 'www.verde.com', '203.0.113.7']])
    // checked before the record exists: the reason, still waiting
    await click(byText(root, 'button', 'Check now')!)
    await waitFor(() => byText(root, 'p', 'No TXT record found at _sitewright.www.verde.com yet.'))
    // a wait is never shown in the success style: neutral notice and detail
    const notice = root.querySelector('.domains-notice')!
    expect([notice.textContent, notice.className]).toEqual(['www.verde.com: the DNS record is not there yet.', 'domains-notice waiting'])
    expect(byText(root, 'p', 'No TXT record found at _sitewright.www.verde.com yet.')!.className).toBe('domain-detail waiting')
    fake.addRecord()
    await click(byText(root, 'button', 'Check now')!)
    await waitFor(() => cards(root)[0]?.[2] === 'Secure')
    expect([notice.textContent, notice.className]).toEqual(['www.verde.com is verified.', 'domains-notice ok'])
    await typeInto(field, 'verde.com')
    await click(byText(root, 'button', 'Add domain')!)
    await waitFor(() => cards(root).length === 2)
    await click(byText(root, 'button', 'Make primary')!)
    await waitFor(() => cards(root)[1]?.[1] === 'Primary')
    expect(cards(root)[0]).toEqual(['www.verde.com', 'Secure'])
    await click(root.querySelector('[aria-label="Remove www.verde.com"]')!)
    await click(byText(document.body, 'button', 'Remove domain')!)
    await waitFor(() => cards(root).length === 1)
    expect(fake.domains.map((d) => d.hostname)).toEqual(['verde.com'])
  })

  it('styles each state by its tone: green only for verified and secure', async () => {
    const now = Date.now()
    const cert = (days: number) => ({ issuer: 'CA', notAfter: new Date(now + days * DAY).toISOString() })
    const mk = (id: string, patch: Partial<CustomDomain>): CustomDomain => ({ id, hostname: `${id}.com`, status: 'pending', primary: false, verification: { type: 'TXT', name: `_sitewright.${id}.com`, value: 'v' }, ...patch })
    const list: CustomDomain[] = [
      mk('wait', { error: 'No TXT record found at _sitewright.wait.com yet.' }),
      mk('ver', { status: 'verified' }),
      mk('iss', { status: 'issuing' }),
      mk('sec', { status: 'active', certificate: cert(60) }),
      mk('due', { status: 'active', certificate: cert(10) }),
      mk('fail', { status: 'failed', error: 'The certificate authority could not reach this domain over HTTP.' }),
    ]
    const api: DomainsApi = {
      ...fakeApi().api,
      list: async () => ({ ok: true, status: 200, data: { domains: list, targets: { a: [], aaaa: [], cname: [] }, https: true } }),
      verify: async (_s, id) => ({ ok: true, status: 200, data: list.find((d) => d.id === id)! }),
    }
    view = await render(
      <NavigationProvider>
        <DomainsScreen site={site} api={api} />
      </NavigationProvider>,
    )
    const root = view.container
    await waitFor(() => root.querySelectorAll('.domain-card').length === 6)
    const styled = [...root.querySelectorAll('.domain-card')].map((c) => [c.querySelector('h3')!.textContent, c.querySelector('.domain-badge:not(.primary)')!.textContent, c.querySelector('.domain-badge:not(.primary)')!.className, c.querySelector('.domain-detail')!.className])
    expect(styled).toEqual([
      ['wait.com', 'Waiting for DNS', 'domain-badge waiting', 'domain-detail waiting'],
      ['ver.com', 'Verified', 'domain-badge ok', 'domain-detail ok'],
      ['iss.com', 'Issuing certificate', 'domain-badge busy', 'domain-detail busy'],
      ['sec.com', 'Secure', 'domain-badge ok', 'domain-detail ok'],
      ['due.com', 'Renewal due', 'domain-badge busy', 'domain-detail busy'],
      ['fail.com', 'Failed', 'domain-badge bad', 'domain-detail bad'],
    ])
    expect(root.querySelector('.domain-card:last-child .domain-detail')!.textContent).toBe('The certificate authority could not reach this domain over HTTP.')
    // a failed check says the reason in the error style, not as a success
    await click(root.querySelector('.domain-card:last-child button')!)
    await waitFor(() => root.querySelector('.domains-notice')!.textContent !== '')
    expect(root.querySelector('.domains-notice')!.className).toBe('domains-notice bad')
  })

  it('says each state in plain words', () => {
    const base: CustomDomain = { id: 'x', hostname: 'a.com', status: 'pending', primary: true, verification: { type: 'TXT', name: '_sitewright.a.com', value: 'v' } }
    const now = Date.UTC(2026, 0, 1)
    const cert = (days: number) => ({ issuer: 'CA', notAfter: new Date(now + days * DAY).toISOString() })
    expect(domainState(base, true, now).label).toBe('Waiting for DNS')
    expect(domainState({ ...base, status: 'verified' }, false, now).label).toBe('Verified')
    expect(domainState({ ...base, status: 'issuing' }, true, now).label).toBe('Issuing certificate')
    expect(domainState({ ...base, status: 'active', certificate: cert(60) }, true, now).label).toBe('Secure')
    expect(domainState({ ...base, status: 'active', certificate: cert(29) }, true, now).label).toBe('Renewal due')
    const failed = domainState({ ...base, status: 'failed', error: 'CAA records of this domain forbid our certificate authority.' }, true, now)
    expect([failed.label, failed.detail]).toEqual(['Failed', 'CAA records of this domain forbid our certificate authority.'])
  })
})
