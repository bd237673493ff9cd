// Runs this package's i18n/date fixture specs (test/fixtures/i18n/*.html, the corpus's sectioned format) through the
// public render(): output and :OUTPUT compared after trimming (the corpus's pass rule); an optional :ERRORS section
// lists the execute-stage error codes expected, one a line.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { render } from '../../src/index.js'
import { parseSections, toRenderSpec } from '../../scripts/spec-format.js'

const dir = fileURLToPath(new URL('../fixtures/i18n/', import.meta.url))
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.html'))
  .sort()

describe('i18n and date fixture specs', () => {
  it('has fixtures', () => expect(files.length).toBeGreaterThan(10))
  for (const file of files) {
    it(file, () => {
      const sections = parseSections(readFileSync(dir + file, 'utf8'))
      const spec = toRenderSpec(sections)
      const { output, errors } = render(spec.template, {
        json: spec.json,
        partials: spec.partials,
        locale: spec.locale ?? 'en-US',
        now: spec.now ?? 0,
      })
      expect(errors.filter((e) => e.stage !== 'execute')).toEqual([])
      expect(output.trim()).toBe((spec.expected ?? '').trim())
      const want = (sections.ERRORS ?? '')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '')
      expect(errors.map((e) => e.code).sort()).toEqual(want.sort())
    })
  }
})
