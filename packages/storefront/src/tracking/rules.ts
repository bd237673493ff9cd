// Tracking rules, free of the DOM: cookies, session info, skip and consent decisions. The runtime (tracker.ts)
// applies them to document.cookie and the storages.
import { readCookie } from '../core/cookies.js'

export const VISIT_COOKIE = 'ss_cvr'
export const SESSION_COOKIE = 'ss_cvt'
export const ANALYTICS_ID = 'ss_cid'
export const CURRENT_VISIT = 'ss_cvisit'
export const PREVIOUS_VISIT = 'ss_cpvisit'
export const ANALYTICS_COOKIES = [ANALYTICS_ID, PREVIOUS_VISIT, CURRENT_VISIT, VISIT_COOKIE, SESSION_COOKIE]
export const CONSENT_COOKIE = 'sw_consent'
export const TAB_FLAG = 'ss_tab_first_session'
export const LANDED_MARKER = 'ss_has_landed'

const DAY = 86_400_000
export const VISIT_MAX_AGE = 2 * 365 * DAY
export const SESSION_MAX_AGE = 30 * 60_000
export const ANALYTICS_MAX_AGE = 390 * DAY

export interface Cookie {
  name: string
  value: string
  maxAgeMs: number
}

export const cookieString = (c: Cookie): string => `${c.name}=${encodeURIComponent(c.value)}; Max-Age=${Math.round(c.maxAgeMs / 1000)}; Path=/; SameSite=Lax`

const randomId = (rnd: () => number) => Array.from({ length: 16 }, () => Math.floor(rnd() * 36).toString(36)).join('')

/** Visit cookie: random id | first | previous | current visit time | count (5 pipe-separated parts). */
export function nextVisit(current: string | null, now: number, newSession: boolean, rnd: () => number = Math.random): string {
  const parts = current?.split('|') ?? []
  const valid = parts.length === 5 && parts[0] && parts.slice(1).every((p) => /^\d+$/.test(p))
  if (!valid) return [randomId(rnd), now, now, now, 1].join('|')
  const [id, first, , cur, count] = parts as [string, string, string, string, string]
  return newSession ? [id, first, cur, now, Number(count) + 1].join('|') : parts.join('|')
}

/** Session cookie: a positive integer time stamp; a missing or malformed one starts a new session. */
export function sessionStamp(value: string | null, now: number): { stamp: number; isNew: boolean } {
  const n = value && /^\d+$/.test(value) ? Number(value) : 0
  return n > 0 ? { stamp: n, isNew: false } : { stamp: now, isNew: true }
}

/** The analytics cookies for this page view (the session cookie is renewed on every view: 30 idle minutes). */
export function analyticsCookies(cookies: string, now: number, rnd: () => number = Math.random): { cookies: Cookie[]; sessionId: number; visit: string } {
  const s = sessionStamp(readCookie(cookies, SESSION_COOKIE), now)
  const visit = nextVisit(readCookie(cookies, VISIT_COOKIE), now, s.isNew, rnd)
  const [id, , prev, cur] = visit.split('|') as [string, string, string, string]
  return {
    sessionId: s.stamp,
    visit,
    cookies: [
      { name: VISIT_COOKIE, value: visit, maxAgeMs: VISIT_MAX_AGE },
      { name: SESSION_COOKIE, value: String(s.stamp), maxAgeMs: SESSION_MAX_AGE },
      { name: ANALYTICS_ID, value: readCookie(cookies, ANALYTICS_ID) ?? id, maxAgeMs: ANALYTICS_MAX_AGE },
      { name: CURRENT_VISIT, value: cur, maxAgeMs: ANALYTICS_MAX_AGE },
      { name: PREVIOUS_VISIT, value: prev, maxAgeMs: ANALYTICS_MAX_AGE },
    ],
  }
}

/** Cookies that delete every analytics cookie (restrictive policy without consent). */
export const clearingCookies = (): Cookie[] => ANALYTICS_COOKIES.map((name) => ({ name, value: '', maxAgeMs: 0 }))

type Store = Pick<Storage, 'getItem' | 'setItem'>

/** The analytics id kept in storage too, as {value, expiration}; expired entries are replaced. */
export function storedAnalyticsId(storage: Store | null, id: string, now: number): string {
  if (!storage) return id
  try {
    const raw = storage.getItem(ANALYTICS_ID)
    const found = raw ? (JSON.parse(raw) as { value?: string; expiration?: number }) : null
    if (found?.value && typeof found.expiration === 'number' && found.expiration > now) return found.value
    storage.setItem(ANALYTICS_ID, JSON.stringify({ value: id, expiration: now + ANALYTICS_MAX_AGE }))
  } catch {
    /* storage full or refused: the cookie still holds the id */
  }
  return id
}

export interface SessionInfo {
  isFirstLanding: boolean
  isFirstSession: boolean
  sessionId: number
}

/**
 * First landing: this tab has no flag yet. First session: no has-landed marker, or the tab's flag already says
 * so. Without storage: a warning, and neither.
 */
export function sessionInfo(tab: Store | null, local: Store | null, sessionId: number, warn: (m: string) => void = console.warn): SessionInfo {
  try {
    if (!tab || !local) throw new Error('no storage')
    const flag = tab.getItem(TAB_FLAG)
    const landed = local.getItem(LANDED_MARKER)
    const isFirstLanding = flag === null
    const isFirstSession = landed === null || flag === 'true'
    if (isFirstLanding) tab.setItem(TAB_FLAG, String(isFirstSession))
    if (landed === null) local.setItem(LANDED_MARKER, '1')
    return { isFirstLanding, isFirstSession, sessionId }
  } catch {
    warn('Storage is unavailable: session info reports not first landing and not first session')
    return { isFirstLanding: false, isFirstSession: false, sessionId }
  }
}

/** Census page types (body data-page-type) that send no page view. */
export const NO_HIT_PAGE_TYPES = new Set([100, 103, 106])
export const SEARCH_PAGE_TYPE = 102

export type HitKind = 'page-view' | 'site-search' | 'none'

export function hitKind(path: string, pageType: number): HitKind {
  if (NO_HIT_PAGE_TYPES.has(pageType)) return 'none'
  if (path === '/search' || path.startsWith('/search/') || pageType === SEARCH_PAGE_TYPE) return 'site-search'
  return 'page-view'
}

export interface ConsentSettings {
  disabled: boolean
  bannerEnabled: boolean
  restrictive: boolean
}

export type Consent = 'granted' | 'denied' | null

/** What the tracker may do: nothing (tracking off), ask (show the banner first), track, or clear cookies. */
export function consentDecision(s: ConsentSettings, consent: Consent): 'off' | 'ask' | 'track' | 'clear' {
  if (s.disabled) return 'off'
  if (consent === 'granted') return 'track'
  if (consent === 'denied') return s.restrictive || s.bannerEnabled ? 'clear' : 'track'
  if (s.bannerEnabled) return 'ask'
  return s.restrictive ? 'clear' : 'track'
}

export const readConsent = (cookies: string): Consent => {
  const v = readCookie(cookies, CONSENT_COOKIE)
  return v === 'granted' || v === 'denied' ? v : null
}

/** v2 event environment: STAGING on internal hosts, else PROD. */
export const sourceEnvironment = (host: string): 'STAGING' | 'PROD' => (/^(localhost|127\.|\[?::1\]?|.*\.(local|internal|test)$)/.test(host) ? 'STAGING' : 'PROD')
