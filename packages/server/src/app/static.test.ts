import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fileUnder } from './static.js'

const root = mkdtempSync(join(tmpdir(), 'sw-static-'))
mkdirSync(join(root, 'a'))
writeFileSync(join(root, 'a', 'x.js'), '1')
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('fileUnder', () => {
  it('finds files inside the root', () => {
    expect(fileUnder(root, 'a/x.js')).toBe(join('a', 'x.js'))
    expect(fileUnder(root, 'a%2Fx.js')).toBe(join('a', 'x.js'))
  })
  it('refuses traversal, directories, missing files and bad encodings', () => {
    expect(fileUnder(root, '../etc/passwd')).toBeNull()
    expect(fileUnder(root, '..%2F..%2Fetc%2Fpasswd')).toBeNull()
    expect(fileUnder(root, 'a')).toBeNull()
    expect(fileUnder(root, 'nope.js')).toBeNull()
    expect(fileUnder(root, '%E0%A4%A')).toBeNull()
  })
})
