// Content/social fixture specs (test/fixtures/content/*.html, the corpus's sectioned format) rendered through the
// public render(); the trimmed output must equal :OUTPUT and the render must record no error at all.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { render } from '../../src/index.js'
import { parseSections, toRenderSpec } from '../../scripts/spec-format.js'

const dir = fileURLToPath(new URL('../fixtures/content/', import.meta.url))
const specs = readdirSync(dir)
  .filter((f) => f.endsWith('.html'))
  .sort()

describe('content fixture specs', () => {
  it('covers the content rules', () => expect(specs.length).toBeGreaterThanOrEqual(15))
  for (const name of specs) {
    it(name, () => {
      const spec = toRenderSpec(parseSections(readFileSync(dir + name, 'utf8')))
      const result = render(spec.template, { json: spec.json, partials: spec.partials, locale: spec.locale ?? 'en-US' })
      expect(result.errors).toEqual([])
      expect(result.output.trim()).toBe((spec.expected ?? '').trim())
    })
  }
})
