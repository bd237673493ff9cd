import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, describe, expect, it } from 'vitest'
import { createDiskStorage, keySegments } from './storage.js'
import { parseRange } from './serve.js'

const root = mkdtempSync(join(tmpdir(), 'sw-storage-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('disk storage', () => {
  const s = createDiskStorage(root)

  it('puts, stats, gets, streams ranges and deletes by key, one folder per site', async () => {
    expect(await s.put('site1/a1/original', Buffer.from('hello world'))).toEqual({ size: 11 })
    expect(readdirSync(root).sort()).toEqual(['.tmp', 'site1'])
    expect(await s.stat('site1/a1/original')).toEqual({ size: 11 })
    expect((await s.get('site1/a1/original'))?.toString()).toBe('hello world')
    expect(await text(s.stream('site1/a1/original', { start: 6, end: 10 }))).toBe('world')
    await s.delete('site1/a1/original')
    expect(await s.get('site1/a1/original')).toBeNull()
    expect(await s.stat('site1/a1/original')).toBeNull()
  })

  it('leaves nothing behind when the source fails midway, and keeps the previous file', async () => {
    await s.put('site2/a/original', Buffer.from('old'))
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'))
        this.destroy(new Error('boom'))
      },
    })
    await expect(s.put('site2/a/original', failing)).rejects.toThrow('boom')
    expect((await s.get('site2/a/original'))?.toString()).toBe('old')
    expect(readdirSync(join(root, '.tmp'))).toEqual([])
  })

  it('deletes a whole prefix', async () => {
    await s.put('site3/b/original', Buffer.from('x'))
    await s.put('site3/b/100w', Buffer.from('y'))
    await s.deletePrefix('site3/b')
    expect(await s.stat('site3/b/100w')).toBeNull()
  })

  it('refuses keys that could leave the root', () => {
    for (const bad of ['../x', 'a/../../b', '/abs', 'a//b', '', 'a/.hidden', 'a\\b']) expect(() => keySegments(bad)).toThrow()
    expect(keySegments('s/a/100w')).toEqual(['s', 'a', '100w'])
  })
})

describe('parseRange', () => {
  it('reads one byte range', () => {
    expect(parseRange(undefined, 100)).toBeNull()
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 })
  })

  it('rejects unsatisfiable ranges and ignores multi-ranges', () => {
    expect(parseRange('bytes=100-', 100)).toBe('invalid')
    expect(parseRange('bytes=9-3', 100)).toBe('invalid')
    expect(parseRange('items=1-2', 100)).toBe('invalid')
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull()
  })
})
