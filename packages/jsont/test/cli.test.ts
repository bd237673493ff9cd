// The CLI (`jsont render TEMPLATE --json FILE [--partials FILE] [--locale TAG]`) run as a real process: output on
// stdout, errors on stderr with file:line:column and a code frame, exit code 1 on a syntax error.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const pkgDir = fileURLToPath(new URL('..', import.meta.url))
const srcCli = join(pkgDir, 'src', 'cli.ts')
const distCli = join(pkgDir, 'dist', 'cli.js')
const dir = mkdtempSync(join(tmpdir(), 'jsont-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const template = join(dir, 'page.html')
writeFileSync(template, '<h1>{title}</h1>\n{.section item}\n  <p>{price|nope}</p>\n{.end}\n{@|apply greeting}\n')
const json = join(dir, 'data.json')
writeFileSync(json, JSON.stringify({ title: 'Shop', item: { price: 1250 }, amount: 1234.5 }))
const partials = join(dir, 'partials.json')
writeFileSync(partials, JSON.stringify({ greeting: 'hi {title}' }))

function run(cli: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const pre = cli.endsWith('.ts') ? ['--import', 'tsx'] : []
  const r = spawnSync(process.execPath, [...pre, cli, ...args], { cwd: pkgDir, encoding: 'utf8', timeout: 30_000 })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

function expectErrorReport(r: ReturnType<typeof run>): void {
  expect(r.status).toBe(1)
  expect(r.stdout).toContain('<h1>Shop</h1>')
  expect(r.stdout).toContain('hi Shop')
  // file:line:column, stage, code and message, then the source line with a caret under column 13
  expect(r.stderr).toContain(`${template}:3:13: parse error UNKNOWN_FORMATTER: unknown formatter 'nope'`)
  expect(r.stderr).toContain('> 3 |   <p>{price|nope}</p>')
  expect(r.stderr).toContain(`    | ${' '.repeat(12)}^`)
}

describe('jsont CLI', { timeout: 30_000 }, () => {
  it('renders with --json, --partials and --locale, reporting a template error with line:column and a code frame', () => {
    expectErrorReport(run(srcCli, ['render', template, '--json', json, '--partials', partials, '--locale', 'de-DE']))
  })

  it('uses --locale for locale-aware formatters', () => {
    const t = join(dir, 'money.html')
    writeFileSync(t, '{amount|decimal}')
    expect(run(srcCli, ['render', t, '--json', json, '--locale', 'de-DE']).stdout).toBe('1.234,5\n')
  })

  it('prints usage and exits 2 on bad arguments', () => {
    const r = run(srcCli, ['render'])
    expect(r.status).toBe(2)
    expect(r.stderr).toMatch(/^usage: jsont render TEMPLATE --json FILE/)
  })

  it.skipIf(!existsSync(distCli))('works the same from the build (dist/cli.js)', () => {
    expectErrorReport(run(distCli, ['render', template, '--json', json, '--partials', partials, '--locale', 'de-DE']))
  })
})
