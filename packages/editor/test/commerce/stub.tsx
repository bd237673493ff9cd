// A network stub for commerce component tests: answers each "METHOD /path" (query ignored) with a documented
// response and records every call (method, path, query, crumb header, JSON body).
import type { ReactNode } from 'react'
import { NavigationProvider } from '../../src/app/navigation.js'
import { createCommerceApi } from '../../src/commerce/api.js'
import { CommerceScreen } from '../../src/commerce/CommerceScreen.js'
import { render, type Rendered } from '../dom.js'

export const SITE_ID = '0123456789abcdef01234567'
export const CRUMB = 'crumb-test-value'

export interface Call {
  method: string
  path: string
  query: URLSearchParams
  crumb: string | null
  body: unknown
}

export type Reply = { status?: number; json?: unknown }
export type Handler = (call: Call) => Reply

export function json(status: number, body: unknown): Reply {
  return { status, json: body }
}

export const settingsReply = (currency = 'USD'): Reply =>
  json(200, {
    settings: {
      currency,
      instalmentsEnabled: true,
      instalmentMinCents: 3500,
      instalmentMaxCents: 200000,
      multipleQuantityAllowedForServices: true,
    },
  })

export function fetchStub(routes: Record<string, Handler | Reply>) {
  const calls: Call[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const headers = new Headers(init?.headers)
    const call: Call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      crumb: headers.get('X-CSRF-Token'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }
    calls.push(call)
    const route = routes[`${method} ${url.pathname}`]
    const reply: Reply = !route
      ? json(404, { error: { type: 'not_found', code: 'route_not_found', message: `No route ${method} ${url.pathname}` } })
      : typeof route === 'function'
        ? route(call)
        : route
    const status = reply.status ?? 200
    return new Response(status === 204 || reply.json === undefined ? null : JSON.stringify(reply.json), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return { fetch: fetch as typeof globalThis.fetch, calls }
}

export const commerceUrl = (...parts: string[]) => `/config/sites/${SITE_ID}/commerce${parts.length ? '/' + parts.join('/') : ''}`
export const apiUrl = (rest: string) => `/api/sites/${SITE_ID}/commerce${rest}`

/** Renders the Commerce section at `path` against the stubbed network. */
export async function mountCommerce(path: string, routes: Record<string, Handler | Reply>): Promise<{ view: Rendered; calls: Call[] }> {
  window.history.replaceState(null, '', path)
  const stub = fetchStub({ [`GET ${apiUrl('/settings')}`]: settingsReply(), ...routes })
  const api = createCommerceApi(SITE_ID, { fetch: stub.fetch, readCookies: () => `other=1; crumb=${CRUMB}` })
  const site = { id: SITE_ID, slug: 'demo', title: 'Demo', role: 1, roleName: 'Administrator', url: 'http://localhost/' }
  const node: ReactNode = (
    <NavigationProvider>
      <CommerceScreen site={site} api={api} />
    </NavigationProvider>
  )
  return { view: await render(node), calls: stub.calls }
}
