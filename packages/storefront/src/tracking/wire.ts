// The tracking wire, free of the DOM: the Version 0 payload (named events and census side calls), the Version 2
// content with its eventContent/eventSchemaName wrapper (clanker events), the environment -> host table, and the
// timed post every analytics call goes through (2500 ms; failures silent to the visitor, a non-2xx warns).
// The spec names the fields and gives no shapes; the values are what the reference product sends, as far as
// its public behaviour shows (ids as text, locales as BCP 47 tags, times in epoch milliseconds).

export const ANALYTICS_TIMEOUT_MS = 2500
export const NO_PAYLOAD = 'no payload'
export const CLIENT_NAME = 'sitewright-storefront'
export const CLIENT_VERSION = '1.0.0'
export const EVENTS_PATH = '/api/v1/clanker/events'
/** Where each environment's v2 events go: both to the site's own host (its server is the collector). */
export const EVENT_HOSTS: Record<string, string> = { PROD: '', STAGING: '' }

/** What the page knows about itself; the rest (window, location, navigator) is read at send time. */
export interface PageFacts {
  websiteId: string
  /** The signed-in account's id where the page knows it (a visitor's page does not: null). */
  memberAccountId: string | null
  websiteLocale: string
  memberLocale: string
  templateId: string
  /** The template variant: the default theme has none (''). */
  variantId: string
  analyticsId: string
  /** The visit cookie's browser id (ss_cvr part 1): the id campaign attribution follows. */
  marketingId: string
  sessionId: number
  /** A site-user secure auth cookie exists: the visitor is counted as logged in. */
  loggedIn: boolean
}

export interface Place {
  host: string
  hostname: string
  path: string
  hash: string
  search: string
  referrer: string
  userAgent: string
  language: string
  locale: string
  width: number
  height: number
  documentLanguage: string
}

/** The Version 0 payload: the page's fields, then the caller's (custom) fields. */
export function v0Payload(f: PageFacts, place: Pick<Place, 'hash' | 'path'>, custom: Record<string, unknown> = {}): Record<string, unknown> {
  return { websiteId: f.websiteId, memberAccountId: f.memberAccountId, website_locale: f.websiteLocale, member_locale: f.memberLocale, templateId: f.templateId, variantId: f.variantId, pageHash: place.hash, pagePath: place.path, ...custom }
}

/** The events address of an environment; an unknown one warns and gives an empty URL. */
export function eventsUrl(env: string, warn: (m: string) => void = console.warn): string {
  const host = Object.hasOwn(EVENT_HOSTS, env) ? EVENT_HOSTS[env] : undefined
  if (host === undefined) {
    warn(`Unknown tracking environment: ${env}`)
    return ''
  }
  return host + EVENTS_PATH
}

/** The fields the tracker fills itself: a caller's value for one of them is overwritten, with a warning. */
export function autoFields(schema: string, f: PageFacts, p: Place, env: string, now: number): Record<string, unknown> {
  return {
    analytics_id: f.analyticsId,
    browser_language: p.language,
    browser_locale: p.locale,
    window_height: p.height,
    window_width: p.width,
    client_name: CLIENT_NAME,
    client_version: CLIENT_VERSION,
    marketing_id: f.marketingId,
    page_host: p.host,
    page_path: p.path,
    page_query_params: p.search.replace(/^\?/, ''),
    page_referrer_url: p.referrer,
    session_id: f.sessionId,
    user_agent: p.userAgent,
    event_occurrence_timestamp: now,
    custom_schema_name: schema,
    source_environment: env,
    context_website_id: f.websiteId,
    member_account_id: f.memberAccountId,
    resolved_locale: p.documentLanguage || 'en-US',
    website_locale: f.websiteLocale,
    member_account_locale: f.memberLocale,
  }
}

/** Fields the caller gives (with the commerce fields): destination_url and object_identifier default to ''. */
const CALLER_DEFAULTS = { destination_url: '', object_identifier: '' }

/** The Version 2 content of one event; null (and 'no payload') without a payload. */
export function v2Content(schema: string, payload: Record<string, unknown> | null | undefined, f: PageFacts, p: Place, env: string, now: number, warn: (m: string) => void = console.warn): Record<string, unknown> | null {
  if (!payload) {
    warn(NO_PAYLOAD)
    return null
  }
  const auto = autoFields(schema, f, p, env, now)
  for (const k of Object.keys(payload)) if (Object.hasOwn(auto, k)) warn(`Tracking field ${k} is set automatically: the given value is overwritten`)
  return { ...CALLER_DEFAULTS, ...payload, ...auto }
}

/** The wire body: the content as a JSON string beside its schema name. */
export const v2Body = (schema: string, content: Record<string, unknown>): string => JSON.stringify({ eventContent: JSON.stringify(content), eventSchemaName: schema })

type Fetch = (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>

/**
 * An analytics call: aborted after 2500 ms; never throws and never rejects (failures are silent to the visitor);
 * an answer other than 2xx warns 'Error tracking event: HTTP Status {status}'. Resolves to whether it was taken.
 */
export async function timedPost(url: string, body: BodyInit, opts: { type?: string; crumb?: string; fetch?: Fetch; warn?: (m: string) => void; timeoutMs?: number } = {}): Promise<boolean> {
  const ctl = new AbortController()
  const timer = setTimeout(() => ctl.abort(), opts.timeoutMs ?? ANALYTICS_TIMEOUT_MS)
  const headers: Record<string, string> = {}
  if (opts.type) headers['content-type'] = opts.type
  if (opts.crumb) headers['x-csrf-token'] = opts.crumb
  try {
    const r = await (opts.fetch ?? (fetch as Fetch))(url, { method: 'POST', body, credentials: 'same-origin', keepalive: true, headers, signal: ctl.signal })
    if (!r.ok) (opts.warn ?? console.warn)(`Error tracking event: HTTP Status ${r.status}`)
    return r.ok
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
