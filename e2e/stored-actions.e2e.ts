// The owner turns on "Only signed-in members can like" in the editor's site settings; a signed-out visitor clicks a
// like on a post, the likes route answers the real 401 (sign_in_to_like), the like button keeps the like under the
// stored-actions key and sends the visitor to sign in; signed in as the demo member and back on the post, the like is
// sent once: the server's count rises by exactly one, the key is emptied, the visitor is told, and a reload sends
// nothing more. Screenshots 1280/390.
import { STORED_ACTIONS_KEY } from '@sitewright/contracts/enums'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from './support/browser.js'
import { demoSite, openHarness, signInToPages, type Harness } from './support/fixture.js'

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
  it('a like refused with 401 on a sign-in-only site is kept, then sent exactly once after signing in', async () => {
    const site = await demoSite(h.server.baseUrl)
    const owner = h.page
    await signInToPages(owner, site.id)
    await owner.goto(`/config/sites/${site.id}/settings`)
    const gate = owner.getByLabel('Only signed-in members can like', { exact: true })
    await gate.waitFor()
    expect(await gate.isChecked()).toBe(false)
    await gate.check()
    await owner.getByRole('button', { name: 'Save' }).click()
    await owner.getByRole('status').filter({ hasText: 'Settings saved' }).waitFor()

    // the visitor: a browser of their own (no owner session)
    const visitor = await h.browser.newContext({ baseURL: h.server.baseUrl, viewport: { width: 1200, height: 900 } })
    const page = await visitor.newPage()
    // a first visit shows the site's newsletter popup over the page: the visitor closes it
    await page.addLocatorHandler(page.locator('[data-popup-overlay]'), (popup) => popup.getByRole('button', { name: 'Close' }).click())
    await page.goto(POST)
    const like = page.locator('.sqs-simple-like')
    await like.waitFor({ state: 'visible' })
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.sqs-simple-like')?.dataset.enhanced === 'true')
    const itemId = await like.getAttribute('data-item-id')
    const before = await serverCount()
    // the server's answers to the like, read as they pass (the page navigates away right after the 401)
    const answers: { status: number; code?: string }[] = []
    await page.route(`**/api/content/items/${itemId}/likes`, async (route) => {
      const res = await route.fetch()
      const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } }
      answers.push({ status: res.status(), ...(body.error?.code ? { code: body.error.code } : {}) })
      await route.fulfill({ response: res })
    })
    await like.click()
    await page.waitForURL((u) => u.pathname === '/account/sign-in')
    const kept = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORED_ACTIONS_KEY)) ?? '[]') as { kind: string; target: string }[]
    expect(kept.map((a) => [a.kind, a.target])).toEqual([['like', itemId]])
    expect(answers).toEqual([{ status: 401, code: 'sign_in_to_like' }])
    expect(await serverCount()).toBe(before)
    await page.getByLabel('Email').fill('member@sitewright.local')
    await page.getByLabel('Password').fill('sitewright-member')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((u) => u.pathname === POST)
    await page.getByRole('status').filter({ hasText: 'You are signed in, and your like was added.' }).waitFor()
    expect(await like.getAttribute('aria-pressed')).toBe('true')
    expect(await page.evaluate((key) => localStorage.getItem(key), STORED_ACTIONS_KEY)).toBeNull()
    await expect.poll(serverCount).toBe(before + 1)
    expect(answers).toEqual([{ status: 401, code: 'sign_in_to_like' }, { status: 200 }])
    expect(await like.getAttribute('data-like-count')).toBe(String(before + 1))
    await page.setViewportSize({ width: 1280, height: 900 })
    await screenshot(page, 'stored-action-like-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'stored-action-like-390')
    await page.reload()
    await like.waitFor()
    expect(await page.getByText('your like was added').count()).toBe(0)
    expect(await serverCount()).toBe(before + 1)
    expect(answers).toHaveLength(2)
    await visitor.close()
  })
})
