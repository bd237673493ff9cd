// The font browser's catalogue: system font stacks per category, shipped with the editor as fonts.json (no font
// files, nothing downloaded from elsewhere).
import { BASE } from '../../app/routes.js'

export const FONT_CATEGORIES = ['Sans Serif', 'Serif', 'Display', 'Script', 'Slab Serif', 'Mono', 'Other'] as const
export type FontCategory = (typeof FONT_CATEGORIES)[number]

export const FONTS_ERROR = 'Unable to load fonts'

export interface FontEntry {
  family: string
  category: FontCategory
  stack: string
}

export type FontsResult = { ok: true; fonts: FontEntry[] } | { ok: false; error: typeof FONTS_ERROR }

/** Keeps well-formed entries; unknown categories count as Other. */
export function parseFonts(raw: unknown): FontEntry[] | null {
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as { fonts?: unknown }).fonts)) return null
  const out: FontEntry[] = []
  for (const f of (raw as { fonts: unknown[] }).fonts) {
    if (typeof f !== 'object' || f === null) continue
    const { family, category, stack } = f as Record<string, unknown>
    if (typeof family !== 'string' || typeof stack !== 'string' || /[<>{};]/.test(stack)) continue
    const cat = FONT_CATEGORIES.includes(category as FontCategory) ? (category as FontCategory) : 'Other'
    out.push({ family, category: cat, stack })
  }
  return out
}

export async function loadFonts(fetchFn: typeof fetch = (i, init) => fetch(i, init)): Promise<FontsResult> {
  try {
    const res = await fetchFn(`${BASE}fonts.json`, { credentials: 'same-origin' })
    if (!res.ok) return { ok: false, error: FONTS_ERROR }
    const fonts = parseFonts(await res.json())
    return fonts && fonts.length ? { ok: true, fonts } : { ok: false, error: FONTS_ERROR }
  } catch {
    return { ok: false, error: FONTS_ERROR }
  }
}

export function fontsIn(fonts: readonly FontEntry[], category: FontCategory | 'All', query = ''): FontEntry[] {
  const q = query.trim().toLowerCase()
  return fonts.filter((f) => (category === 'All' || f.category === category) && (!q || f.family.toLowerCase().includes(q)))
}
