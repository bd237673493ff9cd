// The font browser's catalogue: the server's self-hosted web fonts (GET /assets/fonts/catalogue.json, from the
// `@fontsource/*` packages it ships) by category, with suggested heading + body pairings, and a stylesheet that
// declares every family so each is previewed in its own face.
import { FONT_CATEGORIES, type FontCatalogueResponse, type FontCategory, type FontPairing } from '@sitewright/contracts'

export { FONT_CATEGORIES, type FontCategory }

export const FONTS_ERROR = 'Unable to load fonts'
export const CATALOGUE_URL = '/assets/fonts/catalogue.json'

export interface FontEntry {
  id: string
  family: string
  category: FontCategory
  stack: string
}

export interface FontCatalogue {
  fonts: FontEntry[]
  pairings: FontPairing[]
  facesCss: string | null
}

export type FontsResult = ({ ok: true } & FontCatalogue) | { ok: false; error: typeof FONTS_ERROR }

const FAMILY = /^(?:'[A-Za-z0-9 ._-]{1,60}'|"[A-Za-z0-9 ._-]{1,60}"|-?[A-Za-z_][A-Za-z0-9_-]*(?: -?[A-Za-z_][A-Za-z0-9_-]*){0,5})$/
const isStack = (v: string) => v.length <= 300 && v.split(',').every((f) => FAMILY.test(f.trim()))

/** Keeps well-formed entries; unknown categories count as Other; pairings only of listed fonts. */
export function parseFonts(raw: unknown): FontCatalogue | null {
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as { fonts?: unknown }).fonts)) return null
  const r = raw as Partial<Record<keyof FontCatalogueResponse, unknown>>
  const fonts: FontEntry[] = []
  for (const f of r.fonts as unknown[]) {
    if (typeof f !== 'object' || f === null) continue
    const { id, family, category, stack } = f as Record<string, unknown>
    if (typeof family !== 'string' || typeof stack !== 'string' || !isStack(stack)) continue
    const cat = FONT_CATEGORIES.includes(category as FontCategory) ? (category as FontCategory) : 'Other'
    fonts.push({ id: typeof id === 'string' ? id : family, family, category: cat, stack })
  }
  const ids = new Set(fonts.map((f) => f.id))
  const pairings = (Array.isArray(r.pairings) ? (r.pairings as unknown[]) : []).filter(
    (p): p is FontPairing =>
      typeof p === 'object' && p !== null && typeof (p as FontPairing).name === 'string' && ids.has((p as FontPairing).heading) && ids.has((p as FontPairing).body),
  )
  const facesCss = typeof r.facesCss === 'string' && /^\/assets\/fonts\/[a-z0-9.-]+\.css$/.test(r.facesCss) ? r.facesCss : null
  return { fonts, pairings, facesCss }
}

export async function loadFonts(fetchFn: typeof fetch = (i, init) => fetch(i, init)): Promise<FontsResult> {
  try {
    const res = await fetchFn(CATALOGUE_URL, { credentials: 'same-origin' })
    if (!res.ok) return { ok: false, error: FONTS_ERROR }
    const cat = parseFonts(await res.json())
    return cat && cat.fonts.length ? { ok: true, ...cat } : { ok: false, error: FONTS_ERROR }
  } catch {
    return { ok: false, error: FONTS_ERROR }
  }
}

export function fontsIn(fonts: readonly FontEntry[], category: FontCategory | 'All', query = ''): FontEntry[] {
  const q = query.trim().toLowerCase()
  return fonts.filter((f) => (category === 'All' || f.category === category) && (!q || f.family.toLowerCase().includes(q)))
}

/** The families suggested with `id` (either side of a pairing). */
export function pairedWith(cat: FontCatalogue, id: string): FontEntry[] {
  const out: FontEntry[] = []
  for (const p of cat.pairings) {
    const other = p.heading === id ? p.body : p.body === id ? p.heading : null
    const f = other ? cat.fonts.find((x) => x.id === other) : undefined
    if (f && !out.includes(f)) out.push(f)
  }
  return out
}

/** Adds the faces stylesheet to the document once (the browser downloads only the faces a preview paints). */
export function addFacesStylesheet(doc: Document, href: string | null): void {
  if (!href || doc.querySelector(`link[data-font-faces]`)) return
  const link = doc.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  link.dataset.fontFaces = ''
  doc.head.appendChild(link)
}
