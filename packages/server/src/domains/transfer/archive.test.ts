// The archive's reader and writer: members round-trip whatever the chunking, long names use the ustar prefix, other
// tools' archives read, and a damaged archive, another kind of file or another format version get clear errors.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SITE_ARCHIVE_VERSION } from '@sitewright/contracts'
import { FORMAT, fileOfMember, parseManifest, partName, tableOfPart } from './manifest.js'
import { readTar, tarMemberSize, writeTar, type TarMember } from './tar.js'

async function collect(gen: AsyncIterable<Buffer>): Promise<Buffer> {
  const out: Buffer[] = []
  for await (const b of gen) out.push(b)
  return Buffer.concat(out)
}

/** The bytes again, in pieces of `size` (a network delivers them so). */
async function* pieces(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function read(bytes: Buffer, pieceSize = 7000) {
  const out: { name: string; text: string }[] = []
  for await (const e of readTar(pieces(bytes, pieceSize))) out.push({ name: e.name, text: (await collect(e.body)).toString() })
  return out
}

const long = `files/${'a'.repeat(24)}/${'deep/'.repeat(20)}original`
const members = (): TarMember[] => [
  { name: 'manifest.json', size: 2, body: Buffer.from('{}') },
  { name: 'empty.txt', size: 0, body: Buffer.alloc(0) },
  { name: long, size: 1025, body: pieces(Buffer.alloc(1025, 'x'), 100) },
]

describe('tar writer and reader', () => {
  it('round-trip members of any size in any chunking; the size is known in advance', async () => {
    const bytes = await collect(writeTar(members()))
    expect(bytes.length).toBe(members().reduce((n, m) => n + tarMemberSize(m.size), 0) + 1024)
    for (const size of [1, 511, 512, 4096, bytes.length]) {
      expect(await read(bytes, size)).toEqual([
        { name: 'manifest.json', text: '{}' },
        { name: 'empty.txt', text: '' },
        { name: long, text: 'x'.repeat(1025) },
      ])
    }
  })

  it('skip what a reader leaves unread', async () => {
    const bytes = await collect(writeTar(members()))
    const names: string[] = []
    for await (const e of readTar(pieces(bytes, 300))) names.push(e.name)
    expect(names).toEqual(['manifest.json', 'empty.txt', long])
  })

  it('read what the system tar wrote (directories skipped) and write what it reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-tar-'))
    try {
      writeFileSync(join(dir, 'a.txt'), 'hello')
      execFileSync('tar', ['-cf', join(dir, 'x.tar'), '-C', dir, 'a.txt', '.'])
      const got = await read(readFileSync(join(dir, 'x.tar')))
      expect(got.find((m) => m.name.endsWith('a.txt'))?.text).toBe('hello')
      writeFileSync(join(dir, 'ours.tar'), await collect(writeTar(members())))
      expect(execFileSync('tar', ['-tf', join(dir, 'ours.tar')]).toString().trim().split('\n')).toEqual(['manifest.json', 'empty.txt', long])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuse a writer whose body is not the announced size', async () => {
    await expect(collect(writeTar([{ name: 'a', size: 5, body: pieces(Buffer.from('abc'), 1) }]))).rejects.toThrow('a has 3 bytes, 5 expected')
  })

  it('say clearly that an archive is damaged: cut short, a bad header, empty', async () => {
    const bytes = await collect(writeTar(members()))
    await expect(read(bytes.subarray(0, 700))).rejects.toThrow(/damaged or incomplete \(it ends inside empty\.txt|damaged or incomplete/)
    await expect(read(bytes.subarray(0, 512 * 3 + 100))).rejects.toMatchObject({ code: 'archive_damaged', type: 'invalid_data' })
    const bad = Buffer.from(bytes)
    bad[10] = 0x41 // a name byte: the checksum no longer matches
    await expect(read(bad)).rejects.toThrow('This archive is damaged or incomplete (a header checksum does not match). Export the site again and retry.')
    await expect(read(Buffer.alloc(0))).rejects.toThrow('(it is empty)')
    await expect(read(bytes.subarray(0, bytes.length - 1024))).rejects.toThrow('it ends without its end marker')
  })
})

describe('manifest', () => {
  const good = {
    format: FORMAT,
    version: SITE_ARCHIVE_VERSION,
    createdAt: '2026-01-01T00:00:00.000Z',
    source: { instance: 'http://localhost:3000', app: '0.1.0', siteId: 'a'.repeat(24), slug: 'demo' },
    site: { title: 'Demo', settings: { locale: 'en-US' } },
    customerData: true,
    tables: [{ name: 'content_items', rows: 3, parts: 1 }],
    files: { count: 0, bytes: 0 },
  }

  it('reads a good one', () => {
    expect(parseManifest(JSON.stringify(good))).toEqual(good)
  })

  it('refuses another kind of file, another version, a broken manifest, each with its own clear message', () => {
    expect(() => parseManifest('{"name":"my-package"}')).toThrow('This is not a Sitewright site archive (.swz): it has no Sitewright manifest.')
    expect(() => parseManifest(JSON.stringify({ ...good, version: SITE_ARCHIVE_VERSION + 1 }))).toThrow(
      `This archive was made by a newer Sitewright (format version ${SITE_ARCHIVE_VERSION + 1}); this server reads version ${SITE_ARCHIVE_VERSION}. Update this server and retry.`,
    )
    expect(() => parseManifest(JSON.stringify({ ...good, version: 0 }))).toThrow(/format version 0, which this server does not read/)
    expect(() => parseManifest(JSON.stringify({ ...good, version: 0 }))).toThrow(expect.objectContaining({ code: 'archive_version', type: 'unprocessable' }))
    expect(() => parseManifest('{nope')).toThrow('its manifest is not JSON')
    expect(() => parseManifest(JSON.stringify({ ...good, tables: 'x' }))).toThrow('its manifest is incomplete')
  })

  it('names members and reads the names back', () => {
    expect(partName(4, 'content_items', 12)).toBe('tables/04-content_items/000012.jsonl')
    expect(tableOfPart('tables/04-content_items/000012.jsonl')).toBe('content_items')
    expect(tableOfPart('tables/../etc/passwd')).toBeNull()
    expect(fileOfMember(`files/${'b'.repeat(24)}/original`)).toEqual({ assetId: 'b'.repeat(24), variant: 'original' })
    expect(fileOfMember(`files/${'b'.repeat(24)}/300w`)).toEqual({ assetId: 'b'.repeat(24), variant: '300w' })
    expect(fileOfMember(`files/${'b'.repeat(24)}/../x`)).toBeNull()
  })
})
