// A like kept under the stored-actions key before sign-in (as the like button keeps it when the site answers 401)
// is sent once after the visitor signs in as the demo member and lands back on the post: the server's count rises
// by exactly one, the key is emptied, the visitor is told, and a reload sends nothing more. Screenshots 1280/390.
// (No site answers a like with 401 yet, so the entry is written here the way content/likes.ts writes it.)
import { STORED_ACTIONS_KEY } from '@sitewright/contracts/enums'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from './support/browser.js'
import { openHarness, type Harness } from './support/fixture.js'

let h: Harness
beforeAll(async () => {
  h = await openHarness()
})
afterAll(async () => {
  await h?.close()
})

const POST = '/blog/firing-the-kiln'

async function serverCount(): Promise<number> {
  const res = await h.context.request.get(POST, { headers: { 'cache-control': 'no-cache' } })
  const m = /class="sqs-simple-like[^"]*"[^>]*data-like-count="(\d+)"|data-like-count="(\d+)"[^>]*class="sqs-simple-like/.exec(await res.text())
  if (!m) throw new Error('no like button in the post')
  return Number(m[1] ?? m[2])
}

describe('stored actions', () => {
  it('a like stored before sign-in is sent exactly once after signing in', async () => {
    const page = h.page
    await page.goto(POST)
    const like = page.locator('.sqs-simple-like')
    await like.waitFor()
    const itemId = await like.getAttribute('data-item-id')
    const before = await serverCount()
    await page.evaluate(
      ([key, target, path]) => localStorage.setItem(key!, JSON.stringify([{ kind: 'like', target, payload: { path }, createdAt: Date.now() }])),
      [STORED_ACTIONS_KEY, itemId, POST],
    )
    await page.goto(`/account/sign-in?return=${encodeURIComponent(POST)}`)
    await page.getByLabel('Email').fill('member@sitewright.local')
    await page.getByLabel('Password').fill('sitewright-member')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((u) => u.pathname === POST)
    await page.getByRole('status').filter({ hasText: 'You are signed in, and your like was added.' }).waitFor()
    expect(await like.getAttribute('aria-pressed')).toBe('true')
    expect(await page.evaluate((key) => localStorage.getItem(key), STORED_ACTIONS_KEY)).toBeNull()
    await expect.poll(serverCount).toBe(before + 1)
    await page.setViewportSize({ width: 1280, height: 900 })
    await screenshot(page, 'stored-action-like-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'stored-action-like-390')
    await page.reload()
    await like.waitFor()
    expect(await page.getByText('your like was added').count()).toBe(0)
    expect(await serverCount()).toBe(before + 1)
  })
})
