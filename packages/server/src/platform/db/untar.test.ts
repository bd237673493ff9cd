import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { UnsupportedTarError, tarEntries, untarInto } from './untar.js'

const work = mkdtempSync(join(tmpdir(), 'sw-untar-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function archive(name: string, build: (src: string) => void, files = ['.']): Uint8Array {
  const src = join(work, `${name}-src`)
  mkdirSync(src)
  build(src)
  const out = join(work, `${name}.tar`)
  execFileSync('tar', ['--format=ustar', '-cf', out, '-C', src, ...files])
  return readFileSync(out)
}

describe('untarInto (the PGlite base, unpacked by Node)', () => {
  it('unpacks directories and files byte for byte, with their modes, through a staging directory', async () => {
    const deep = `${'d'.repeat(60)}/${'e'.repeat(60)}`
    const tar = archive('plain', (src) => {
      mkdirSync(join(src, 'base', '5'), { recursive: true, mode: 0o700 })
      writeFileSync(join(src, 'PG_VERSION'), '17\n', { mode: 0o600 })
      writeFileSync(join(src, 'base', '5', '1259'), Buffer.alloc(8192 * 3 + 17, 7))
      writeFileSync(join(src, 'empty'), '')
      mkdirSync(join(src, deep), { recursive: true })
      writeFileSync(join(src, deep, 'long-path-file'), 'needs the ustar prefix field')
    })
    const dir = join(work, 'plain-out')
    await untarInto(tar, dir)
    expect(readFileSync(join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n')
    expect(readFileSync(join(dir, 'base', '5', '1259'))).toEqual(Buffer.alloc(8192 * 3 + 17, 7))
    expect(readFileSync(join(dir, 'empty')).length).toBe(0)
    expect(readFileSync(join(dir, deep, 'long-path-file'), 'utf8')).toBe('needs the ustar prefix field')
    expect(statSync(join(dir, 'PG_VERSION')).mode & 0o777).toBe(0o600)
    expect(readdirSync(work)).not.toContain('plain-out.unpacking')
  })

  it('refuses entries it does not unpack (a link), leaving no directory behind', async () => {
    const tar = archive('link', (src) => {
      writeFileSync(join(src, 'a'), 'x')
      symlinkSync('a', join(src, 'b'))
    })
    await expect(untarInto(tar, join(work, 'link-out'))).rejects.toThrow(UnsupportedTarError)
    expect(readdirSync(work).filter((n) => n.startsWith('link-out'))).toEqual([])
  })

  it('refuses a path that leaves the directory, and a damaged header', async () => {
    const tar = Buffer.from(archive('escape', (src) => writeFileSync(join(src, 'zz'), 'x'), ['zz']))
    // rename the entry to ../zz and fix the checksum
    tar.write('../zz\0', 0, 'latin1')
    tar.fill(32, 148, 156)
    let sum = 0
    for (let i = 0; i < 512; i++) sum += tar[i]!
    tar.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
    await expect(untarInto(tar, join(work, 'escape-out'))).rejects.toThrow(/leaves the directory/)
    tar[0] = 'y'.charCodeAt(0) // the checksum no longer matches
    expect(() => [...tarEntries(tar)]).toThrow(/checksum/)
  })
})
