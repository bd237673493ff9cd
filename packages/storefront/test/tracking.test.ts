import { describe, expect, it, vi } from 'vitest'
import { createReporter, DEBOUNCE_MS, MAX_QUEUED, MAX_SENDS, STACK_LIMIT, type ErrorReport } from '../src/tracking/reporter.js'
import {
  ANALYTICS_MAX_AGE, analyticsCookies, clearingCookies, consentDecision, cookieString, hitKind, nextVisit, SESSION_MAX_AGE, sessionInfo, sessionStamp, sourceEnvironment, storedAnalyticsId, VISIT_MAX_AGE,
} from '../src/tracking/rules.js'

const mem = () => {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m }
}
const DAY = 86_400_000

describe('visit and session cookies', () => {
  it('a new visitor gets a 5-part visit cookie: id | first | previous | current | count', () => {
    const v = nextVisit(null, 1000, true, () => 0.5)
    expect(v.split('|')).toEqual(['iiiiiiiiiiiiiiii', '1000', '1000', '1000', '1'])
  })
  it('a new session moves current to previous and counts; the same session keeps the cookie', () => {
    expect(nextVisit('abc|10|20|30|4', 99, true)).toBe('abc|10|30|99|5')
    expect(nextVisit('abc|10|20|30|4', 99, false)).toBe('abc|10|20|30|4')
    expect(nextVisit('abc|x|20|30|4', 99, false).split('|').slice(1)).toEqual(['99', '99', '99', '1'])
  })
  it('the session cookie is a positive integer stamp; anything else starts a session', () => {
    expect(sessionStamp('12345', 9)).toEqual({ stamp: 12345, isNew: false })
    expect(sessionStamp('0', 9)).toEqual({ stamp: 9, isNew: true })
    expect(sessionStamp('-4', 9)).toEqual({ stamp: 9, isNew: true })
    expect(sessionStamp(null, 9)).toEqual({ stamp: 9, isNew: true })
  })
  it('lifetimes: visit 2 years, session 30 minutes, ss_* analytics 390 days, path /', () => {
    const { cookies } = analyticsCookies('', 5000)
    const age = Object.fromEntries(cookies.map((c) => [c.name, c.maxAgeMs]))
    expect(age).toEqual({ ss_cvr: VISIT_MAX_AGE, ss_cvt: SESSION_MAX_AGE, ss_cid: ANALYTICS_MAX_AGE, ss_cvisit: ANALYTICS_MAX_AGE, ss_cpvisit: ANALYTICS_MAX_AGE })
    expect(VISIT_MAX_AGE).toBe(730 * DAY)
    expect(SESSION_MAX_AGE).toBe(1_800_000)
    expect(ANALYTICS_MAX_AGE).toBe(390 * DAY)
    expect(cookieString(cookies[1]!)).toBe('ss_cvt=5000; Max-Age=1800; Path=/; SameSite=Lax')
  })
  it('keeps the analytics id across views and stores it with an expiration key', () => {
    const first = analyticsCookies('', 5000, () => 0.1)
    const id = first.cookies.find((c) => c.name === 'ss_cid')!.value
    const again = analyticsCookies(`ss_cid=${id}; ss_cvt=5000; ss_cvr=${first.visit}`, 6000)
    expect(again.cookies.find((c) => c.name === 'ss_cid')!.value).toBe(id)
    expect(again.sessionId).toBe(5000)
    const s = mem()
    expect(storedAnalyticsId(s, 'aaa', 100)).toBe('aaa')
    expect(JSON.parse(s.m.get('ss_cid')!)).toEqual({ value: 'aaa', expiration: 100 + ANALYTICS_MAX_AGE })
    expect(storedAnalyticsId(s, 'bbb', 200)).toBe('aaa')
    expect(storedAnalyticsId(s, 'ccc', 101 + ANALYTICS_MAX_AGE)).toBe('ccc') // expired: replaced
  })
  it('clearing cookies delete every analytics cookie', () => {
    expect(clearingCookies().map((c) => cookieString(c))).toContain('ss_cid=; Max-Age=0; Path=/; SameSite=Lax')
    expect(clearingCookies()).toHaveLength(5)
  })
})

describe('session info', () => {
  it('first landing when the tab flag is absent; first session when no has-landed marker', () => {
    const tab = mem()
    const local = mem()
    expect(sessionInfo(tab, local, 7)).toEqual({ isFirstLanding: true, isFirstSession: true, sessionId: 7 })
    expect(sessionInfo(tab, local, 7)).toEqual({ isFirstLanding: false, isFirstSession: true, sessionId: 7 }) // tab flag already true
    expect(sessionInfo(mem(), local, 8)).toEqual({ isFirstLanding: true, isFirstSession: false, sessionId: 8 }) // new tab, landed before
  })
  it('storage unavailable: warns and reports neither', () => {
    const warn = vi.fn()
    expect(sessionInfo(null, mem(), 3, warn)).toEqual({ isFirstLanding: false, isFirstSession: false, sessionId: 3 })
    const broken = { getItem: () => { throw new Error('denied') }, setItem: () => {} }
    expect(sessionInfo(broken, broken, 3, warn).isFirstLanding).toBe(false)
    expect(warn).toHaveBeenCalledTimes(2)
  })
})

describe('skip and consent rules', () => {
  it('no page view on not-found, lock-screen and member-area-denied pages; /search records a site search', () => {
    expect([100, 103, 106].map((t) => hitKind('/x', t))).toEqual(['none', 'none', 'none'])
    expect(hitKind('/search', 102)).toBe('site-search')
    expect(hitKind('/search', 2)).toBe('site-search')
    expect(hitKind('/about', 2)).toBe('page-view')
  })
  it('tracking off sends nothing; banner on asks first; restrictive without consent clears', () => {
    const base = { disabled: false, bannerEnabled: false, restrictive: false }
    expect(consentDecision({ ...base, disabled: true }, 'granted')).toBe('off')
    expect(consentDecision(base, null)).toBe('track')
    expect(consentDecision({ ...base, bannerEnabled: true }, null)).toBe('ask')
    expect(consentDecision({ ...base, bannerEnabled: true }, 'denied')).toBe('clear')
    expect(consentDecision({ ...base, bannerEnabled: true }, 'granted')).toBe('track')
    expect(consentDecision({ ...base, restrictive: true }, null)).toBe('clear') // restrictive, banner absent
  })
  it('source environment: STAGING on internal hosts, else PROD', () => {
    expect(sourceEnvironment('localhost')).toBe('STAGING')
    expect(sourceEnvironment('demo.sitewright.local')).toBe('STAGING')
    expect(sourceEnvironment('shop.example.com')).toBe('PROD')
  })
})

describe('error reporter limits', () => {
  function setup() {
    const sent: ErrorReport[][] = []
    let pending: (() => void) | null = null
    const r = createReporter({ app: 'storefront', send: (b) => sent.push(b), setTimer: (fn) => (pending = fn), clearTimer: () => (pending = null) })
    return { r, sent, fire: () => pending?.() }
  }
  it('debounces 1 s: reports close together go in one send', () => {
    const { r, sent, fire } = setup()
    r.report(new Error('a'))
    r.report(new Error('b'))
    expect(sent).toHaveLength(0)
    fire()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.map((x) => JSON.parse(x.data).message)).toEqual(['a', 'b'])
    expect(DEBOUNCE_MS).toBe(1000)
  })
  it('queues at most 10 reports', () => {
    const { r, sent, fire } = setup()
    const accepted = Array.from({ length: 15 }, (_, i) => r.report(new Error(`e${i}`)))
    expect(accepted.filter(Boolean)).toHaveLength(MAX_QUEUED)
    fire()
    expect(sent[0]).toHaveLength(10)
  })
  it('sends at most 20 times per page', () => {
    const { r, sent, fire } = setup()
    for (let i = 0; i < 25; i++) {
      r.report(new Error(`e${i}`))
      fire()
    }
    expect(sent).toHaveLength(MAX_SENDS)
    expect(r.report(new Error('late'))).toBe(false)
  })
  it('cuts stacks at 5000 characters and carries the report fields', () => {
    const { r, sent, fire } = setup()
    const e = new Error('long')
    e.stack = 'x'.repeat(9000)
    r.report(e, { file: 'a.js', line: 3, column: 4 })
    fire()
    const data = JSON.parse(sent[0]![0]!.data)
    expect(data.stack).toHaveLength(STACK_LIMIT)
    expect(data).toMatchObject({ app: 'storefront', message: 'long', file: 'a.js', line: 3, column: 4 })
  })
  it('carries the template id and the custom data of a report (error report event fields)', () => {
    const sent: ErrorReport[][] = []
    let fire = () => {}
    const r = createReporter({ app: 'storefront', send: (b) => sent.push(b), setTimer: (fn) => ((fire = fn), 1), clearTimer: () => {}, context: () => ({ websiteId: 'w1', templateId: 'default', pageUrl: 'https://s.example/', userAgent: 'UA' }) })
    r.report(new Error('boom'), {}, { step: 'checkout' })
    r.report(new Error('plain'))
    fire()
    const [a, b] = sent[0]!.map((x) => JSON.parse(x.data) as Record<string, unknown>)
    expect(a).toMatchObject({ websiteId: 'w1', templateId: 'default', customData: { step: 'checkout' }, pageUrl: 'https://s.example/', userAgent: 'UA' })
    expect(b!.customData).toEqual({})
  })
})
