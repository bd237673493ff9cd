// Web fonts, self-hosted: the faces of the catalogue (packages/contracts fonts.ts) are read from the pinned
// `@fontsource/<id>` packages (latin subset, upright) and served at content-hashed URLs
// (`/assets/fonts/<id>-<weight>-<hash>.woff2`, immutable for a year, CORS-open so the editor's canvas on the platform
// host can use them). Published pages get a tiny inline @font-face block for exactly the faces their styles use
// (font-display: swap) and preload links for the faces every page paints (heading and paragraph regular).
// `/assets/fonts/catalogue.json` lists the families for the editor's font browser and `/assets/fonts/faces.css`
// declares every family at 400 and 700 for the browser's previews and the editor's live style preview.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  FONT_CATEGORIES,
  FONT_PAIRINGS,
  nearestWeight,
  USAGE_WEIGHTS,
  webFontById,
  webFontOf,
  webFontStack,
  WEB_FONTS,
  type FontChoice,
  type WebFont,
} from '@sitewright/contracts'
import type { FastifyInstance } from 'fastify'
import type { FontCatalogueResponse } from '@sitewright/contracts'

export const FONT_IMMUTABLE = 'public, max-age=31536000, immutable'
export const FONTS_PREFIX = '/assets/fonts/'
const FACE_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{3})-([A-Za-z0-9_-]{10})\.woff2$/

interface Face {
  font: WebFont
  weight: number
  bytes: Buffer
  hash: string
  url: string
  unicodeRange: string
}

/** One face a page declares; `preload` for those every page paints. */
export interface PageFace {
  family: string
  weight: number
  url: string
  unicodeRange: string
  preload: boolean
}

export interface PageFonts {
  faces: PageFace[]
  /** The @font-face rules of the faces (catalogue values only: safe as the body of a <style> element). */
  css: string
  /** URLs to preload (`<link rel="preload" as="font" type="font/woff2" crossorigin>`). */
  preloads: string[]
}

export interface FontsDeps {
  /** Where the `@fontsource/*` packages are resolved from (default: this module). */
  resolveFrom?: string
}

const faceRule = (f: { family: string; weight: number; url: string; unicodeRange: string }) =>
  `@font-face{font-family:"${f.family}";font-style:normal;font-weight:${f.weight};font-display:swap;src:url(${f.url}) format("woff2");unicode-range:${f.unicodeRange}}`

export function createFonts(_orm: unknown, deps: FontsDeps = {}) {
  const require = createRequire(deps.resolveFrom ?? import.meta.url)
  const faces = new Map<string, Face | null>()
  const dirOf = new Map<string, string>()
  const packageDir = (font: WebFont) => {
    let dir = dirOf.get(font.id)
    if (!dir) dirOf.set(font.id, (dir = dirname(require.resolve(`@fontsource/${font.id}/package.json`))))
    return dir
  }

  /** The face of a catalogue font at a shipped weight (read and hashed once), or null when it is not shipped. */
  function face(font: WebFont, weight: number): Face | null {
    const key = `${font.id}-${weight}`
    if (faces.has(key)) return faces.get(key)!
    let found: Face | null = null
    if (font.weights.includes(weight)) {
      try {
        const dir = packageDir(font)
        const bytes = readFileSync(join(dir, 'files', `${font.id}-latin-${weight}-normal.woff2`))
        const ranges = JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<string, string>
        const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 10)
        const unicodeRange = (ranges.latin ?? 'U+0000-00FF').replace(/[^U+0-9A-Fa-f,?-]/g, '')
        found = { font, weight, bytes, hash, url: `${FONTS_PREFIX}${font.id}-${weight}-${hash}.woff2`, unicodeRange }
      } catch {
        found = null
      }
    }
    faces.set(key, found)
    return found
  }

  /** The faces a site's heading and paragraph fonts need; system stacks need none. */
  function pageFonts(used: { heading: FontChoice | undefined; body: FontChoice | undefined }): PageFonts {
    const out: PageFace[] = []
    const add = (choice: FontChoice | undefined, weights: readonly number[], preloadFirst: boolean) => {
      const font = choice ? webFontOf(choice) : undefined
      if (!font) return
      weights.forEach((want, i) => {
        const f = face(font, nearestWeight(font, want))
        if (!f) return
        const same = out.find((o) => o.url === f.url)
        if (same) {
          same.preload ||= preloadFirst && i === 0
          return
        }
        out.push({ family: font.family, weight: f.weight, url: f.url, unicodeRange: f.unicodeRange, preload: preloadFirst && i === 0 })
      })
    }
    add(used.heading, USAGE_WEIGHTS.heading, true)
    add(used.body, USAGE_WEIGHTS.body, true)
    return { faces: out, css: out.map(faceRule).join(''), preloads: out.filter((f) => f.preload).map((f) => f.url) }
  }

  let facesCss: { text: string; etag: string } | null = null
  const previewCss = () => {
    if (!facesCss) {
      const rules: string[] = []
      for (const font of WEB_FONTS) {
        for (const w of new Set([nearestWeight(font, 400), nearestWeight(font, 700)])) {
          const f = face(font, w)
          if (f) rules.push(faceRule({ family: font.family, weight: f.weight, url: f.url, unicodeRange: f.unicodeRange }))
        }
      }
      const text = rules.join('\n')
      facesCss = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 16)}"` }
    }
    return facesCss
  }

  function catalogue(): FontCatalogueResponse {
    return {
      categories: [...FONT_CATEGORIES],
      facesCss: `${FONTS_PREFIX}faces.css`,
      fonts: WEB_FONTS.map((w) => ({ id: w.id, family: w.family, category: w.category, stack: webFontStack(w), weights: [...w.weights] })),
      pairings: FONT_PAIRINGS.map((p) => ({ ...p })),
    }
  }

  return {
    face,
    pageFonts,
    catalogue,
    routes(app: FastifyInstance): void {
      app.get(`${FONTS_PREFIX}catalogue.json`, { config: { crumbCookie: 'lazy' } }, async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8')
        return catalogue()
      })
      app.get(`${FONTS_PREFIX}faces.css`, { config: { crumbCookie: 'lazy' } }, async (req, reply) => {
        const css = previewCss()
        reply.header('cache-control', 'public, no-cache').header('etag', css.etag)
        if (req.headers['if-none-match'] === css.etag) return reply.code(304).send()
        return reply.type('text/css; charset=utf-8').send(css.text)
      })
      app.get(`${FONTS_PREFIX}:file`, { config: { crumbCookie: 'lazy' } }, async (req, reply) => {
        const m = FACE_FILE.exec((req.params as { file: string }).file)
        const font = m ? webFontById(m[1]!) : undefined
        const f = font ? face(font, Number(m![2])) : null
        if (!f || f.hash !== m![3]) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found')
        const etag = `"${f.hash}"`
        reply.headers({ 'cache-control': FONT_IMMUTABLE, etag, 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' })
        if (req.headers['if-none-match'] === etag) return reply.code(304).send()
        return reply.type('font/woff2').header('content-length', f.bytes.length).send(f.bytes)
      })
    },
  }
}

export type Fonts = ReturnType<typeof createFonts>
