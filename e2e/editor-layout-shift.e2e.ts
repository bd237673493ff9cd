// The editor's first screen does not move while it builds itself (Lighthouse's CLS): a signed-in owner opening /config
// lands on the home page in the canvas, and nothing already painted is pushed around on the way. Two shifts found by
// Lighthouse came back here before: the page list shown, then folded away (the canvas jumped), and the page title
// growing a line when the folded list's button took its place beside it; a third at desktop width, the section
// navigation folding from a column into a row when the editor arrived.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected, watchErrors } from './support/browser.js'
import { demoSite, openHarness, signInToPages, type Harness, type SiteSummary } from './support/fixture.js'

let h: Harness
let site: SiteSummary
beforeAll(async () => {
  h = await openHarness()
  site = await demoSite(h.server.baseUrl)
})
afterAll(async () => h?.close())

interface Shift {
  value: number
  sources: string[]
}

/** Every layout shift of the page from its start (not those right after an input, as CLS counts them). */
function collectShifts(): void {
  const seen: Shift[] = []
  Object.defineProperty(window, '__layoutShifts', { value: seen })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] })[]) {
      if (e.hadRecentInput) continue
      seen.push({ value: e.value, sources: e.sources.map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].join('.')}` : String(s.node?.nodeName))) })
    }
  }).observe({ type: 'layout-shift', buffered: true })
}

async function shiftsOpeningConfig(width: number, height: number): Promise<Shift[]> {
  const context = await h.browser.newContext({ baseURL: h.server.baseUrl, viewport: { width, height } })
  const page = await context.newPage()
  const errors = watchErrors(page)
  await signInToPages(page, site.id)
  await page.addInitScript(collectShifts)
  await page.goto('/config')
  // the whole first screen is there: the home page in the canvas, its title, the saved state, every request done
  await page.waitForURL(`**/config/sites/${site.id}/pages/*`)
  await page.frameLocator('[data-editor-canvas]').locator('[data-block-id]').first().waitFor()
  await page.locator('.page-editor-head h1').waitFor()
  await page.getByRole('button', { name: 'Show pages' }).waitFor()
  await page.waitForLoadState('networkidle')
  // two frames after the last change, so a shift of the last layout is reported
  const shifts = await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
    return (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts
  })
  await screenshot(page, `editor-first-screen-${width}`)
  expect(unexpected(errors)).toEqual([])
  await context.close()
  return shifts
}

const total = (shifts: Shift[]) => shifts.reduce((sum, s) => sum + s.value, 0)

describe('the editor opens without moving', () => {
  it('on a phone (390 px) the page list starts folded and the title keeps its line: layout shift < 0.1', async () => {
    const shifts = await shiftsOpeningConfig(390, 844)
    expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.1)
  })

  it('at 1280 px the navigation is a row from the start: layout shift < 0.1', async () => {
    const shifts = await shiftsOpeningConfig(1280, 800)
    expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.1)
  })
})
