// Accessibility check with axe-core, injected into the page under test.
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
}

/** axe-core violations on the current page, one line each (empty when clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') })
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
