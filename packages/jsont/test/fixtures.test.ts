// Runs every fixture spec under test/fixtures/**/*.html (core, commerce, content, i18n), in the corpus's sectioned
// format plus `:ERRORS` and `:OPTIONS`. `:ERRORS` lists one expected error per line: `CODE` or `CODE line:column`;
// when the section is present the errors must match it exactly (order aside); when absent, any error fails the spec.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseSections, toRenderSpec } from '../scripts/spec-format.js'
import { render, type TemplateError } from '../src/index.js'

const root = fileURLToPath(new URL('./fixtures/', import.meta.url))

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name)
      return statSync(p).isDirectory() ? walk(p) : p.endsWith('.html') ? [p] : []
    })
}

/** `CODE` or `CODE line:column` per line; '#' comments and blank lines ignored. */
function expectedErrors(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
}

function describeError(e: TemplateError, withPos: boolean): string {
  return withPos && e.line !== undefined ? `${e.code} ${e.line}:${e.column}` : e.code
}

const files = walk(root)

describe('fixtures', () => {
  it('has fixtures', () => {
    expect(files.length).toBeGreaterThan(5)
  })
  for (const file of files) {
    it(relative(root, file), () => {
      const sections = parseSections(readFileSync(file, 'utf8'))
      const spec = toRenderSpec(sections)
      const options = sections.OPTIONS ? (JSON.parse(sections.OPTIONS) as Record<string, unknown>) : {}
      const { output, errors } = render(spec.template, {
        json: spec.json,
        partials: spec.partials,
        injects: spec.injects,
        locale: spec.locale ?? 'en-US',
        now: spec.now,
        options,
      })
      if (spec.expected !== undefined) expect(output.trim()).toBe(spec.expected.trim())
      const want = sections.ERRORS === undefined ? [] : expectedErrors(sections.ERRORS)
      const got = errors.map((e) => describeError(e, true))
      // an expectation without a position matches the code alone
      const normalised = got.map((g, i) => (want.includes(g) ? g : describeError(errors[i]!, false)))
      expect(normalised.sort()).toEqual([...want].sort())
    })
  }
})
