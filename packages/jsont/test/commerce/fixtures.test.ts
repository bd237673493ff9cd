// Runs this package's commerce fixture specs (test/fixtures/commerce/*.html, the corpus's sectioned format) through
// the public render(): output and :OUTPUT compared after trimming, as the corpus's pass rule says.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { render } from '../../src/index.js'
import { parseSections, toRenderSpec } from '../../scripts/spec-format.js'

const dir = fileURLToPath(new URL('../fixtures/commerce/', import.meta.url))
const files = readdirSync(dir).filter((f) => f.endsWith('.html')).sort()

describe('commerce fixture specs', () => {
  it('has fixtures', () => expect(files.length).toBeGreaterThan(5))
  for (const file of files) {
    it(file, () => {
      const spec = toRenderSpec(parseSections(readFileSync(dir + file, 'utf8')))
      const { output, errors } = render(spec.template, {
        json: spec.json,
        partials: spec.partials,
        locale: spec.locale ?? 'en-US',
        now: spec.now ?? 0,
      })
      expect(errors.filter((e) => e.stage !== 'execute')).toEqual([])
      expect(output.trim()).toBe((spec.expected ?? '').trim())
    })
  }
})
