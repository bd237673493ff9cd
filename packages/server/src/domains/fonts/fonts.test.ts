// The self-hosted web fonts: every catalogue family ships its latin faces; faces are served at content-hashed URLs
// with a year-long immutable cache; a page declares and preloads only the faces its heading and paragraph fonts use.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { FONT_CATEGORIES, FONT_PAIRINGS, webFontById, webFontChoice, WEB_FONTS } from '@sitewright/contracts'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { createFonts, FONT_IMMUTABLE } from './index.js'

const fonts = createFonts(null)
const app = Fastify()
fonts.routes(app)
afterAll(() => app.close())
const choice = (id: string) => webFontChoice(webFontById(id)!)

describe('web font catalogue', () => {
  it('has at least 30 families over the 7 spec categories, every pairing of listed families', () => {
    expect(WEB_FONTS.length).toBeGreaterThanOrEqual(30)
    expect(new Set(WEB_FONTS.map((w) => w.category))).toEqual(new Set(FONT_CATEGORIES))
    for (const p of FONT_PAIRINGS) expect(webFontById(p.heading) && webFontById(p.body), p.name).toBeTruthy()
  })

  it("matches each installed package's family name and weights, with a latin woff2 for every weight", () => {
    const require = createRequire(import.meta.url)
    for (const w of WEB_FONTS) {
      const dir = dirname(require.resolve(`@fontsource/${w.id}/package.json`))
      const meta = JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')) as { family: string; weights: number[]; subsets: string[] }
      expect(meta.family, w.id).toBe(w.family)
      expect(meta.weights, w.id).toEqual([...w.weights])
      expect(meta.subsets, w.id).toContain('latin')
      for (const wt of w.weights) expect(fonts.face(w, wt), `${w.id} ${wt}`).not.toBeNull()
    }
  })
})

describe('font serving', () => {
  it('serves a face at its hashed URL as an immutable woff2, open to other origins', async () => {
    const face = fonts.face(webFontById('lora')!, 400)!
    expect(face.url).toMatch(/^\/assets\/fonts\/lora-400-[A-Za-z0-9_-]{10}\.woff2$/)
    const res = await app.inject({ url: face.url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe(FONT_IMMUTABLE)
    expect(res.headers['cache-control']).toContain('immutable')
    expect(res.headers['content-type']).toBe('font/woff2')
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2')
    const again = await app.inject({ url: face.url, headers: { 'if-none-match': res.headers.etag as string } })
    expect(again.statusCode).toBe(304)
  })

  it('answers 404 for a stale hash, an unknown family, a weight not shipped or a path outside the catalogue', async () => {
    for (const url of ['/assets/fonts/lora-400-AAAAAAAAAA.woff2', '/assets/fonts/comic-400-AAAAAAAAAA.woff2', '/assets/fonts/lora-100-AAAAAAAAAA.woff2', '/assets/fonts/..%2Fpackage.json']) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['cache-control']).not.toContain('immutable')
    }
  })

  it('lists the catalogue and a faces stylesheet with font-display: swap', async () => {
    const cat = (await app.inject({ url: '/assets/fonts/catalogue.json' })).json<{ fonts: { family: string; stack: string }[] }>()
    expect(cat.fonts).toHaveLength(WEB_FONTS.length)
    expect(cat.fonts[0]!.stack.startsWith("'Inter',")).toBe(true)
    const css = await app.inject({ url: '/assets/fonts/faces.css' })
    expect(css.headers['content-type']).toContain('text/css')
    expect(css.body.match(/@font-face/g)!.length).toBeGreaterThanOrEqual(WEB_FONTS.length)
    expect(css.body.match(/font-display:swap/g)!.length).toBe(css.body.match(/@font-face/g)!.length)
  })
})

describe('faces of a page', () => {
  it('declares the heading at 600 and the body at 400 and 700, preloading only heading and body regular', () => {
    const p = fonts.pageFonts({ heading: choice('playfair-display'), body: choice('inter') })
    expect(p.faces.map((f) => `${f.family} ${f.weight}${f.preload ? ' preload' : ''}`)).toEqual(['Playfair Display 600 preload', 'Inter 400 preload', 'Inter 700'])
    expect(p.preloads).toEqual([fonts.face(webFontById('playfair-display')!, 600)!.url, fonts.face(webFontById('inter')!, 400)!.url])
    expect(p.css.match(/@font-face/g)).toHaveLength(3)
    expect(p.css).toContain('font-display:swap')
    expect(p.css).toContain('unicode-range:U+0000-00FF')
    expect(p.css).not.toMatch(/[<>]/)
  })

  it('uses the nearest shipped weight and declares a family used twice once per weight', () => {
    const p = fonts.pageFonts({ heading: choice('abril-fatface'), body: choice('abril-fatface') })
    expect(p.faces.map((f) => [f.weight, f.preload])).toEqual([[400, true]])
  })

  it('needs no faces for system stacks', () => {
    const p = fonts.pageFonts({ heading: { family: 'Georgia', stack: 'Georgia, serif' }, body: undefined })
    expect(p).toEqual({ faces: [], css: '', preloads: [] })
  })
})
