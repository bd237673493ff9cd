// Site styles (the STYLE screen): a colour palette, colour themes mapping the theme's colour roles to swatches,
// font themes, and which font each usage takes. Changes are tracked by the spec's dirty paths; the theme's CSS
// custom properties (themes/default/assets/site.css) are computed for the live preview.

export const DIRTY_PATHS = [
  'colors.activeThemeId',
  'fonts.activeThemeId',
  'colors.palette',
  'colors.themes',
  'fonts.themes',
  'fonts.fontUsageCategories',
] as const
export type DirtyPath = (typeof DIRTY_PATHS)[number]

export interface Swatch {
  id: string
  name: string
  hex: string
}

export const COLOR_ROLES = ['paper', 'surface', 'ink', 'muted', 'line', 'accent', 'accentInk'] as const
export type ColorRole = (typeof COLOR_ROLES)[number]
export const ROLE_LABELS: Record<ColorRole, string> = {
  paper: 'Background',
  surface: 'Cards',
  ink: 'Text',
  muted: 'Secondary text',
  line: 'Lines',
  accent: 'Links and buttons',
  accentInk: 'Text on accent',
}

export interface ColorTheme {
  id: string
  name: string
  /** Role -> swatch id. */
  roles: Record<ColorRole, string>
}

export interface FontChoice {
  family: string
  stack: string
}

export interface FontTheme {
  id: string
  name: string
  heading: FontChoice
  body: FontChoice
}

export const FONT_USAGES = ['headings', 'paragraphs', 'buttons', 'navigation'] as const
export type FontUsage = (typeof FONT_USAGES)[number]
export type FontSlot = 'heading' | 'body'

export interface SiteStyles {
  colors: { activeThemeId: string; palette: Swatch[]; themes: ColorTheme[] }
  fonts: { activeThemeId: string; themes: FontTheme[]; fontUsageCategories: Record<FontUsage, FontSlot> }
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i

/** Hex colours of 3 or 6 digits, with or without '#'. */
export function isHex(value: string): boolean {
  return HEX.test(value.trim())
}

/** '#ABC' / 'aabbcc' -> '#aabbcc'; null when not a hex colour. */
export function normalizeHex(value: string): string | null {
  const m = HEX.exec(value.trim())
  if (!m) return null
  const digits = m[1]!.toLowerCase()
  return `#${digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits}`
}

const SANS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
const SERIF = "Georgia, 'Iowan Old Style', 'Palatino Linotype', 'Times New Roman', serif"

export function defaultStyles(): SiteStyles {
  const roles = (paper: string, ink: string): Record<ColorRole, string> => ({
    paper,
    surface: paper === 'lightest' ? 'lightest' : paper,
    ink,
    muted: ink === 'darkest' ? 'dark' : 'light',
    line: paper === 'lightest' ? 'light' : 'dark',
    accent: 'accent',
    accentInk: 'lightest',
  })
  return {
    colors: {
      activeThemeId: 'light',
      palette: [
        { id: 'lightest', name: 'Lightest', hex: '#fbfaf7' },
        { id: 'light', name: 'Light', hex: '#e3e0d8' },
        { id: 'accent', name: 'Accent', hex: '#2f5d50' },
        { id: 'dark', name: 'Dark', hex: '#5d636a' },
        { id: 'darkest', name: 'Darkest', hex: '#1c1f22' },
      ],
      themes: [
        { id: 'light', name: 'Light', roles: roles('lightest', 'darkest') },
        { id: 'dark', name: 'Dark', roles: roles('darkest', 'lightest') },
      ],
    },
    fonts: {
      activeThemeId: 'classic',
      themes: [
        { id: 'classic', name: 'Classic', heading: { family: 'Georgia', stack: SERIF }, body: { family: 'System Sans', stack: SANS } },
        { id: 'modern', name: 'Modern', heading: { family: 'System Sans', stack: SANS }, body: { family: 'System Sans', stack: SANS } },
      ],
      fontUsageCategories: { headings: 'heading', paragraphs: 'body', buttons: 'body', navigation: 'body' },
    },
  }
}

function valueAt(s: SiteStyles, path: DirtyPath): unknown {
  const [group, key] = path.split('.') as ['colors' | 'fonts', string]
  return (s[group] as unknown as Record<string, unknown>)[key]
}

/** The dirty paths whose values differ between the saved and the current styles. */
export function dirtyPaths(saved: SiteStyles, current: SiteStyles): DirtyPath[] {
  return DIRTY_PATHS.filter((p) => JSON.stringify(valueAt(saved, p)) !== JSON.stringify(valueAt(current, p)))
}

/** Only the changed parts, as `{ 'colors.palette': [...], ... }` for a partial save. */
export function changes(saved: SiteStyles, current: SiteStyles): Partial<Record<DirtyPath, unknown>> {
  return Object.fromEntries(dirtyPaths(saved, current).map((p) => [p, valueAt(current, p)]))
}

function swatchHex(s: SiteStyles, id: string | undefined): string | undefined {
  return s.colors.palette.find((p) => p.id === id)?.hex
}

/** The theme's CSS custom properties for the active colour and font themes. */
export function cssVariables(s: SiteStyles): Record<string, string> {
  const vars: Record<string, string> = {}
  const theme = s.colors.themes.find((t) => t.id === s.colors.activeThemeId) ?? s.colors.themes[0]
  if (theme) {
    const set = (name: string, role: ColorRole) => {
      const hex = swatchHex(s, theme.roles[role])
      if (hex) vars[name] = hex
    }
    set('--paper', 'paper')
    set('--surface', 'surface')
    set('--ink', 'ink')
    set('--muted', 'muted')
    set('--line', 'line')
    set('--accent', 'accent')
    set('--accent-ink', 'accentInk')
    if (vars['--accent'] && vars['--paper'])
      vars['--accent-soft'] = `color-mix(in srgb, ${vars['--accent']} 14%, ${vars['--paper']})`
  }
  const fonts = s.fonts.themes.find((t) => t.id === s.fonts.activeThemeId) ?? s.fonts.themes[0]
  if (fonts) {
    const u = s.fonts.fontUsageCategories
    vars['--font-display'] = fonts[u.headings].stack
    vars['--font-body'] = fonts[u.paragraphs].stack
  }
  return vars
}

export function cssText(vars: Record<string, string>): string {
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v.replace(/[<>{};]/g, '')}`)
    .join(';')}}`
}

/** Stored styles (any older or partial shape) -> complete styles; missing parts take the defaults. */
export function restoreStyles(raw: unknown): SiteStyles {
  const d = defaultStyles()
  if (typeof raw !== 'object' || raw === null) return d
  const r = raw as { colors?: Partial<SiteStyles['colors']>; fonts?: Partial<SiteStyles['fonts']> }
  const palette = Array.isArray(r.colors?.palette)
    ? r.colors.palette.filter((p) => p && typeof p.id === 'string' && normalizeHex(String(p.hex)))
    : d.colors.palette
  return {
    colors: {
      activeThemeId: typeof r.colors?.activeThemeId === 'string' ? r.colors.activeThemeId : d.colors.activeThemeId,
      palette: palette.map((p) => ({ ...p, hex: normalizeHex(p.hex)! })),
      themes: Array.isArray(r.colors?.themes) && r.colors.themes.length ? r.colors.themes : d.colors.themes,
    },
    fonts: {
      activeThemeId: typeof r.fonts?.activeThemeId === 'string' ? r.fonts.activeThemeId : d.fonts.activeThemeId,
      themes: Array.isArray(r.fonts?.themes) && r.fonts.themes.length ? r.fonts.themes : d.fonts.themes,
      fontUsageCategories: { ...d.fonts.fontUsageCategories, ...(r.fonts?.fontUsageCategories ?? {}) },
    },
  }
}
