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

describe('registerStatic', () => {
  async function appWith(dirs: { editor: string; storefront: string; theme: string }) {
    const { default: Fastify } = await import('fastify')
    const { registerStatic } = await import('./static.js')
    const app = Fastify()
    await registerStatic(app, dirs)
    await app.ready()
    return app
  }

  it('answers a clear 503 message when the editor or storefront is not built', async () => {
    const app = await appWith({ editor: join(root, 'missing-editor'), storefront: join(root, 'missing-sf'), theme: root })
    const editor = await app.inject('/config/settings')
    expect(editor.statusCode).toBe(503)
    expect(editor.body).toContain('The editor has not been built yet. Run &#34;npm run build&#34;')
    const sf = await app.inject('/assets/storefront/storefront.js')
    expect(sf.statusCode).toBe(503)
    expect(sf.body).toContain('The storefront has not been built yet')
    await app.close()
  })

  it('serves the editor SPA (index.html for client routes) and built files', async () => {
    const editor = join(root, 'editor')
    mkdirSync(join(editor, 'assets'), { recursive: true })
    writeFileSync(join(editor, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(editor, 'assets', 'app.js'), 'console.log(1)')
    const sf = join(root, 'sf')
    mkdirSync(sf, { recursive: true })
    writeFileSync(join(sf, 'storefront.js'), 'export {}')
    const app = await appWith({ editor, storefront: sf, theme: root })
    for (const url of ['/config', '/config/', '/config/settings/general']) {
      const res = await app.inject(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toContain('<div id="root">')
    }
    const js = await app.inject('/config/assets/app.js')
    expect(js.body).toBe('console.log(1)')
    expect(js.headers['content-type']).toMatch(/javascript/)
    const store = await app.inject('/assets/storefront/storefront.js')
    expect(store.statusCode).toBe(200)
    expect((await app.inject('/assets/storefront/nope.js')).statusCode).toBe(404)
    await app.close()
  })

  it('serves the storefront entry immutable at its versioned URL, the plain and stale URLs revalidated', async () => {
    const sf = join(root, 'sf-versioned')
    mkdirSync(join(sf, 'chunks'), { recursive: true })
    writeFileSync(join(sf, 'storefront.js'), 'import("./chunks/a-AbCdEf12.js")')
    writeFileSync(join(sf, 'chunks', 'a-AbCdEf12.js'), 'import "../storefront.js"')
    const { default: Fastify } = await import('fastify')
    const { registerStatic } = await import('./static.js')
    const app = Fastify()
    const statics = await registerStatic(app, { editor: join(root, 'editor'), storefront: sf, theme: root })
    await app.ready()
    const url = statics.assetUrl('/assets/storefront/storefront.js')
    expect(url).toMatch(/^\/assets\/storefront\/v\/[A-Za-z0-9_-]{12}\/storefront\.js$/)
    const entry = await app.inject(url)
    expect(entry.statusCode).toBe(200)
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(entry.body).toBe('import("./chunks/a-AbCdEf12.js")')
    // The chunk's relative import of the entry resolves to the same versioned URL.
    const chunkUrl = new URL('./chunks/a-AbCdEf12.js', `http://x${url}`).pathname
    const chunk = await app.inject(chunkUrl)
    expect(chunk.statusCode).toBe(200)
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(new URL('../storefront.js', `http://x${chunkUrl}`).pathname).toBe(url)
    // The old plain URL still answers the entry, revalidated; so does a stale version (never immutable).
    const plain = await app.inject('/assets/storefront/storefront.js')
    expect(plain.statusCode).toBe(200)
    expect(plain.body).toBe(entry.body)
    expect(plain.headers['cache-control']).toBe('public, no-cache')
    const stale = await app.inject('/assets/storefront/v/OldHash12345/storefront.js')
    expect(stale.statusCode).toBe(200)
    expect(stale.headers['cache-control']).toBe('public, no-cache')
    expect((await app.inject('/assets/storefront/v/OldHash12345/../../../etc/passwd')).statusCode).toBe(404)
    // A new build gets a new versioned URL.
    writeFileSync(join(sf, 'storefront.js'), 'import("./chunks/a-AbCdEf12.js");1')
    await expect.poll(() => statics.assetUrl('/assets/storefront/storefront.js'), { timeout: 5000 }).not.toBe(url)
    await app.close()
  })
})
