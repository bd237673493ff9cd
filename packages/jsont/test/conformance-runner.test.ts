// The conformance runner (`npm run conformance`) as a real process on a small corpus: it exits 1 when a spec fails
// that neither the corpus's stale.txt nor the package's known list names (with a reason), and counts those apart.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const pkgDir = fileURLToPath(new URL('..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'jsont-conformance-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const corpus = join(dir, 'corpus')
mkdirSync(join(corpus, 'core'), { recursive: true })
const spec = (template: string, json: string, output: string) => `:TEMPLATE\n${template}\n:JSON\n${json}\n:OUTPUT\n${output}\n`
writeFileSync(join(corpus, 'core', 'good.html'), spec('{a}', '{"a": 1}', '1'))
writeFileSync(join(corpus, 'core', 'bad.html'), spec('{a}', '{"a": 1}', '2'))

function run(files: { stale?: string; known?: string }) {
  writeFileSync(join(corpus, 'stale.txt'), files.stale ?? '# none\n')
  const known = join(dir, 'known.txt')
  writeFileSync(known, files.known ?? '# none\n')
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(pkgDir, 'scripts', 'conformance.ts')], {
    cwd: pkgDir,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, CONFORMANCE_DIR: `${corpus}/`, CONFORMANCE_KNOWN: known },
  })
  return { status: r.status, out: r.stdout + r.stderr }
}

describe('conformance runner exit status', { timeout: 120_000 }, () => {
  it('exits 1 when a spec fails and no list names it', () => {
    const r = run({})
    expect(r.out).toContain('FAIL core/bad.html')
    expect(r.out).toContain('1 passed, 1 failed')
    expect(r.out).toContain('unexpected failures: 1')
    expect(r.status).toBe(1)
  })

  it("exits 0 when the failure is a known one, counted apart (the package's known list, or the corpus's stale.txt)", () => {
    const known = run({ known: 'core/bad.html\texpected output predates the engine\n' })
    expect(known.status).toBe(0)
    expect(known.out).toContain('known failures (conformance-known.txt, not gating): 1')
    expect(known.out).not.toContain('FAIL core/bad.html')
    const stale = run({ stale: 'core/bad.html\texpectation out of date\n' })
    expect(stale.status).toBe(0)
    expect(stale.out).toContain('known stale (corpus stale.txt, not run): 1')
    expect(stale.out).toContain('1 passed, 0 failed')
  })

  it('names a listed spec that passes again, and refuses an entry without its reason', () => {
    const again = run({ known: 'core/bad.html\tx\ncore/good.html\tonce broken\n' })
    expect(again.status).toBe(0)
    expect(again.out).toContain('PASSES NOW core/good.html')
    const bare = run({ known: 'core/bad.html\n' })
    expect(bare.status).not.toBe(0)
    expect(bare.out).toContain('has no reason')
  })
})
