// Accessibility check with axe-core, injected into the page under test.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
let axeSource: string | null = null

/**
 * Puts axe-core into the page. Evaluated through the DevTools protocol rather than added as a <script>: published
 * pages and /config refuse inline scripts by their Content-Security-Policy, and the test must not weaken it.
 */
export async function injectAxe(page: Page): Promise<void> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
  await page.evaluate(axeSource)
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
}

/** axe-core violations on the current page, one line each (empty when clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  await injectAxe(page)
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResult> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  )
  return result.violations.map(
    (v) =>
      `${v.impact ?? 'unknown'} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
}
