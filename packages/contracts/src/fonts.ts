// The web font catalogue: open-licensed families shipped with the server (npm `@fontsource/<id>` packages, latin
// subset, upright styles), their SPEC.md category, fallback stack and pairings; which faces (weights) a site's
// heading and body fonts need. The server serves the faces (hashed, immutable URLs) and prints @font-face rules for
// exactly these; the editor's font browser lists the same families.
import type { FontCategory, FontChoice } from './styles.js'

export type FontFallback = 'sans' | 'serif' | 'mono' | 'cursive'

export interface WebFont {
  /** The `@fontsource/<id>` package and the face file prefix. */
  id: string
  family: string
  category: FontCategory
  fallback: FontFallback
  /** Upright weights the package ships for the latin subset. */
  weights: readonly number[]
}

export interface FontPairing {
  name: string
  heading: string
  body: string
}

const FALLBACKS: Record<FontFallback, string> = {
  sans: "ui-sans-serif, system-ui, 'Segoe UI', Roboto, Arial, sans-serif",
  serif: "Georgia, 'Times New Roman', serif",
  mono: 'ui-monospace, Menlo, Consolas, monospace',
  cursive: "'Brush Script MT', cursive",
}

const ALL = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const
const f = (id: string, family: string, category: FontCategory, fallback: FontFallback, weights: readonly number[]): WebFont => ({ id, family, category, fallback, weights })

export const WEB_FONTS: readonly WebFont[] = [
  f('inter', 'Inter', 'Sans Serif', 'sans', ALL),
  f('lato', 'Lato', 'Sans Serif', 'sans', [100, 300, 400, 700, 900]),
  f('work-sans', 'Work Sans', 'Sans Serif', 'sans', ALL),
  f('dm-sans', 'DM Sans', 'Sans Serif', 'sans', ALL),
  f('karla', 'Karla', 'Sans Serif', 'sans', [200, 300, 400, 500, 600, 700, 800]),
  f('nunito-sans', 'Nunito Sans', 'Sans Serif', 'sans', [200, 300, 400, 500, 600, 700, 800, 900]),
  f('libre-franklin', 'Libre Franklin', 'Sans Serif', 'sans', ALL),
  f('lora', 'Lora', 'Serif', 'serif', [400, 500, 600, 700]),
  f('merriweather', 'Merriweather', 'Serif', 'serif', [300, 400, 500, 600, 700, 800, 900]),
  f('eb-garamond', 'EB Garamond', 'Serif', 'serif', [400, 500, 600, 700, 800]),
  f('libre-baskerville', 'Libre Baskerville', 'Serif', 'serif', [400, 500, 600, 700]),
  f('crimson-pro', 'Crimson Pro', 'Serif', 'serif', [200, 300, 400, 500, 600, 700, 800, 900]),
  f('source-serif-4', 'Source Serif 4', 'Serif', 'serif', [200, 300, 400, 500, 600, 700, 800, 900]),
  f('playfair-display', 'Playfair Display', 'Display', 'serif', [400, 500, 600, 700, 800, 900]),
  f('dm-serif-display', 'DM Serif Display', 'Display', 'serif', [400]),
  f('abril-fatface', 'Abril Fatface', 'Display', 'serif', [400]),
  f('bebas-neue', 'Bebas Neue', 'Display', 'sans', [400]),
  f('oswald', 'Oswald', 'Display', 'sans', [200, 300, 400, 500, 600, 700]),
  f('cinzel', 'Cinzel', 'Display', 'serif', [400, 500, 600, 700, 800, 900]),
  f('dancing-script', 'Dancing Script', 'Script', 'cursive', [400, 500, 600, 700]),
  f('caveat', 'Caveat', 'Script', 'cursive', [400, 500, 600, 700]),
  f('pacifico', 'Pacifico', 'Script', 'cursive', [400]),
  f('great-vibes', 'Great Vibes', 'Script', 'cursive', [400]),
  f('roboto-slab', 'Roboto Slab', 'Slab Serif', 'serif', ALL),
  f('bitter', 'Bitter', 'Slab Serif', 'serif', ALL),
  f('arvo', 'Arvo', 'Slab Serif', 'serif', [400, 700]),
  f('zilla-slab', 'Zilla Slab', 'Slab Serif', 'serif', [300, 400, 500, 600, 700]),
  f('jetbrains-mono', 'JetBrains Mono', 'Mono', 'mono', [100, 200, 300, 400, 500, 600, 700, 800]),
  f('ibm-plex-mono', 'IBM Plex Mono', 'Mono', 'mono', [100, 200, 300, 400, 500, 600, 700]),
  f('space-mono', 'Space Mono', 'Mono', 'mono', [400, 700]),
  f('source-code-pro', 'Source Code Pro', 'Mono', 'mono', [200, 300, 400, 500, 600, 700, 800, 900]),
  f('comfortaa', 'Comfortaa', 'Other', 'sans', [300, 400, 500, 600, 700]),
  f('quicksand', 'Quicksand', 'Other', 'sans', [300, 400, 500, 600, 700]),
  f('vt323', 'VT323', 'Other', 'mono', [400]),
]

/** Heading + body pairs the font browser suggests (ids of WEB_FONTS). */
export const FONT_PAIRINGS: readonly FontPairing[] = [
  { name: 'Editorial', heading: 'playfair-display', body: 'source-serif-4' },
  { name: 'Modern shop', heading: 'dm-sans', body: 'inter' },
  { name: 'Boutique', heading: 'dm-serif-display', body: 'work-sans' },
  { name: 'Journal', heading: 'lora', body: 'merriweather' },
  { name: 'Classic book', heading: 'eb-garamond', body: 'crimson-pro' },
  { name: 'Poster', heading: 'bebas-neue', body: 'karla' },
  { name: 'Newsroom', heading: 'oswald', body: 'libre-franklin' },
  { name: 'Atelier', heading: 'cinzel', body: 'libre-baskerville' },
  { name: 'Magazine', heading: 'abril-fatface', body: 'lato' },
  { name: 'Workshop', heading: 'roboto-slab', body: 'nunito-sans' },
  { name: 'Bakery', heading: 'pacifico', body: 'quicksand' },
  { name: 'Wedding', heading: 'great-vibes', body: 'lora' },
  { name: 'Café', heading: 'dancing-script', body: 'work-sans' },
  { name: 'Notebook', heading: 'caveat', body: 'karla' },
  { name: 'Studio', heading: 'zilla-slab', body: 'inter' },
  { name: 'Field guide', heading: 'arvo', body: 'bitter' },
  { name: 'Developer', heading: 'space-mono', body: 'ibm-plex-mono' },
  { name: 'Terminal', heading: 'vt323', body: 'jetbrains-mono' },
  { name: 'Docs', heading: 'inter', body: 'source-code-pro' },
  { name: 'Playful', heading: 'comfortaa', body: 'nunito-sans' },
]

const BY_ID = new Map(WEB_FONTS.map((w) => [w.id, w]))
const BY_FAMILY = new Map(WEB_FONTS.map((w) => [w.family.toLowerCase(), w]))

export const webFontById = (id: string): WebFont | undefined => BY_ID.get(id)

/** `'Inter', ui-sans-serif, ...`: the family first, then its category's system fallback. */
export const webFontStack = (w: WebFont): string => `'${w.family}', ${FALLBACKS[w.fallback]}`

/** The font choice a style stores for a catalogue family. */
export const webFontChoice = (w: WebFont): FontChoice => ({ family: w.family, stack: webFontStack(w), category: w.category })

/** The catalogue family a stored choice names (its first stack family), if any. */
export function webFontOf(choice: Pick<FontChoice, 'stack'>): WebFont | undefined {
  const first = choice.stack.split(',')[0]?.trim().replace(/^['"]|['"]$/g, '') ?? ''
  return BY_FAMILY.get(first.toLowerCase())
}

/** The families a font is suggested with (either side of a pairing). */
export function pairsOf(id: string): WebFont[] {
  const out: WebFont[] = []
  for (const p of FONT_PAIRINGS) {
    const other = p.heading === id ? p.body : p.body === id ? p.heading : null
    const w = other ? BY_ID.get(other) : undefined
    if (w && !out.includes(w)) out.push(w)
  }
  return out
}

/** The shipped weight closest to `want` (ties to the heavier, as CSS font matching does above 500). */
export function nearestWeight(w: WebFont, want: number): number {
  let best = w.weights[0] ?? 400
  for (const x of w.weights) if (Math.abs(x - want) < Math.abs(best - want) || (Math.abs(x - want) === Math.abs(best - want) && x > best)) best = x
  return best
}

/**
 * The weights the theme's CSS asks of a font by what it is used for (themes/default/assets/site.css): headings,
 * the brand and buttons at 600; paragraphs at 400 with bold (strong) at 700.
 */
export const USAGE_WEIGHTS = { heading: [600], body: [400, 700] } as const
