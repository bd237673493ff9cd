// @vitest-environment jsdom
import { STORED_ACTIONS_KEY } from '@sitewright/contracts/enums'
import { beforeEach, describe, expect, it } from 'vitest'
import { initLikes, LIKE_REPLAYED_TEXT } from '../../src/content/likes.js'
import { MAX_STORED_ACTIONS, STORED_ACTION_TTL_MS, readActions, storeAction, takeActions } from '../../src/content/stored-actions.js'
import { json, page, recordingFetch, settle } from './helpers.js'

function storage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial))
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) }
}

const T0 = 1_700_000_000_000

describe('stored actions (the spec key sitewright:stored-actions)', () => {
  it('stores kind, target, payload and creation time under the key', () => {
    const s = storage()
    expect(storeAction(s, { kind: 'like', target: 'post_1', payload: { path: '/blog/a' } }, T0)).toBe(true)
    expect(JSON.parse(s.map.get(STORED_ACTIONS_KEY)!)).toEqual([{ kind: 'like', target: 'post_1', payload: { path: '/blog/a' }, createdAt: T0 }])
  })

  it('drops entries 15 minutes old, keeps one per kind and target, and at most three', () => {
    const s = storage()
    storeAction(s, { kind: 'like', target: 'a', payload: {} }, T0)
    expect(readActions(s, T0 + STORED_ACTION_TTL_MS - 1)).toHaveLength(1)
    expect(readActions(s, T0 + STORED_ACTION_TTL_MS)).toHaveLength(0)
    expect(STORED_ACTION_TTL_MS).toBe(15 * 60_000)
    storeAction(s, { kind: 'like', target: 'a', payload: { n: 2 } }, T0 + 1)
    expect(readActions(s, T0 + 2)).toEqual([{ kind: 'like', target: 'a', payload: { n: 2 }, createdAt: T0 + 1 }])
    for (const t of ['b', 'c', 'd']) storeAction(s, { kind: 'like', target: t, payload: {} }, T0 + 5)
    expect(MAX_STORED_ACTIONS).toBe(3)
    expect(readActions(s, T0 + 6).map((a) => a.target)).toEqual(['b', 'c', 'd'])
  })

  it('ignores garbage under the key', () => {
    expect(readActions(storage({ [STORED_ACTIONS_KEY]: '{not json' }), T0)).toEqual([])
    expect(readActions(storage({ [STORED_ACTIONS_KEY]: '[{"kind":1}]' }), T0)).toEqual([])
  })

  it('takes the accepted entries once, leaving the rest', () => {
    const s = storage()
    storeAction(s, { kind: 'like', target: 'a', payload: {} }, T0)
    storeAction(s, { kind: 'other', target: 'b', payload: {} }, T0)
    expect(takeActions(s, (a) => a.kind === 'like', T0 + 1).map((a) => a.target)).toEqual(['a'])
    expect(takeActions(s, (a) => a.kind === 'like', T0 + 1)).toEqual([])
    expect(readActions(s, T0 + 1).map((a) => a.target)).toEqual(['b'])
    takeActions(s, () => true, T0 + 1)
    expect(s.map.has(STORED_ACTIONS_KEY)).toBe(false)
  })
})

describe('a like that needs a member sign-in', () => {
  const member = () => 'crumb=tok; SiteUserSecureAuthToken=abc'
  beforeEach(() => {
    page(`<p><span class="sqs-simple-like" data-item-id="post_1" data-like-count="4"><span class="like-count"></span></span></p>`)
  })

  it('on 401 is stored and the visitor sent to sign in, coming back to this page', async () => {
    const s = storage()
    const sentTo: string[] = []
    const { fetch } = recordingFetch(() => json(401, { error: { message: 'Sign in to like this post.' } }))
    initLikes(document, { fetch, cookies: () => 'crumb=tok', storage: s, now: () => T0, path: () => '/blog/a', toSignIn: (p) => sentTo.push(p) })
    document.querySelector<HTMLElement>('.sqs-simple-like')!.click()
    await settle()
    expect(sentTo).toEqual(['/blog/a'])
    expect(readActions(s, T0)).toEqual([{ kind: 'like', target: 'post_1', payload: { path: '/blog/a' }, createdAt: T0 }])
    expect(document.querySelector('.sqs-simple-like')!.getAttribute('aria-pressed')).toBe('false')
  })

  it('back on the page signed in, is sent exactly once, removed, and the visitor told', async () => {
    const s = storage()
    storeAction(s, { kind: 'like', target: 'post_1', payload: { path: '/blog/a' } }, T0)
    const { fetch, calls } = recordingFetch(() => json(200, { likeCount: 5 }))
    initLikes(document, { fetch, cookies: member, storage: s, now: () => T0 + 60_000, path: () => '/blog/a' })
    await settle()
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/content/items/post_1/likes'])
    expect(s.map.has(STORED_ACTIONS_KEY)).toBe(false)
    expect(document.querySelector('[role="status"]')!.textContent).toBe(LIKE_REPLAYED_TEXT)
    expect(document.querySelector('.sqs-simple-like')!.getAttribute('aria-pressed')).toBe('true')
    // the page runs again (a second init, a reload): nothing is replayed twice
    document.querySelector<HTMLElement>('.sqs-simple-like')!.dataset.enhancedLike = ''
    initLikes(document, { fetch, cookies: member, storage: s, now: () => T0 + 61_000, path: () => '/blog/a' })
    await settle()
    expect(calls).toHaveLength(1)
  })

  it('is not replayed when expired, signed out, or on another page', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { likeCount: 5 }))
    const old = storage()
    storeAction(old, { kind: 'like', target: 'post_1', payload: { path: '/blog/a' } }, T0)
    initLikes(document, { fetch, cookies: member, storage: old, now: () => T0 + STORED_ACTION_TTL_MS, path: () => '/blog/a' })
    const out = storage()
    storeAction(out, { kind: 'like', target: 'post_1', payload: { path: '/blog/a' } }, T0)
    document.querySelector<HTMLElement>('.sqs-simple-like')!.dataset.enhancedLike = ''
    initLikes(document, { fetch, cookies: () => 'crumb=tok', storage: out, now: () => T0 + 1, path: () => '/blog/a' })
    document.querySelector<HTMLElement>('.sqs-simple-like')!.dataset.enhancedLike = ''
    initLikes(document, { fetch, cookies: member, storage: out, now: () => T0 + 1, path: () => '/blog/b' })
    await settle()
    expect(calls).toHaveLength(0)
    expect(readActions(out, T0 + 1)).toHaveLength(1) // kept for the page it belongs to
  })
})
