// Site styles of the STYLE screen: a colour palette, colour themes mapping the theme's colour roles to swatches, font
// themes (a heading and a body font stack each) and which font each usage takes; the dirty paths a save names; the
// theme's own look as the defaults (themes/default/assets/site.css).

export const STYLE_DIRTY_PATHS = [
  'colors.activeThemeId',
  'fonts.activeThemeId',
  'colors.palette',
  'colors.themes',
  'fonts.themes',
  'fonts.fontUsageCategories',
] as const
export type StyleDirtyPath = (typeof STYLE_DIRTY_PATHS)[number]

export const COLOR_ROLES = ['paper', 'surface', 'ink', 'muted', 'line', 'accent', 'accentInk'] as const
export type ColorRole = (typeof COLOR_ROLES)[number]
export const FONT_USAGES = ['headings', 'paragraphs', 'buttons', 'navigation'] as const
export type FontUsage = (typeof FONT_USAGES)[number]
export const FONT_SLOTS = ['heading', 'body'] as const
export type FontSlot = (typeof FONT_SLOTS)[number]
/** The font browser's categories (the editor's catalogue). */
export const FONT_CATEGORIES = ['Sans Serif', 'Serif', 'Display', 'Script', 'Slab Serif', 'Mono', 'Other'] as const
export type FontCategory = (typeof FONT_CATEGORIES)[number]

export interface Swatch {
  id: string
  name: string
  hex: string
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
  category?: FontCategory | undefined
}

export interface FontTheme {
  id: string
  name: string
  heading: FontChoice
  body: FontChoice
}

export interface SiteStyles {
  colors: { activeThemeId: string; palette: Swatch[]; themes: ColorTheme[] }
  fonts: { activeThemeId: string; themes: FontTheme[]; fontUsageCategories: Record<FontUsage, FontSlot> }
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i

/** '#ABC' / 'aabbcc' -> '#aabbcc'; null when not a hex colour of 3 or 6 digits. */
export function normalizeHex(value: string): string | null {
  const m = HEX.exec(value.trim())
  if (!m) return null
  const digits = m[1]!.toLowerCase()
  return `#${digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits}`
}

const SANS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
const SERIF = "Georgia, 'Iowan Old Style', 'Palatino Linotype', 'Times New Roman', serif"

/** The theme's own look as styles: what the server answers before the first save, and the editor's fallback. */
export function defaultSiteStyles(): SiteStyles {
  const light: Record<ColorRole, string> = { paper: 'lightest', surface: 'lightest', ink: 'darkest', muted: 'dark', line: 'light', accent: 'accent', accentInk: 'lightest' }
  const dark: Record<ColorRole, string> = { paper: 'darkest', surface: 'darkest', ink: 'lightest', muted: 'light', line: 'dark', accent: 'accent', accentInk: 'lightest' }
  const serif: FontChoice = { family: 'Georgia', stack: SERIF, category: 'Serif' }
  const sans: FontChoice = { family: 'System Sans', stack: SANS, category: 'Sans Serif' }
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
        { id: 'light', name: 'Light', roles: light },
        { id: 'dark', name: 'Dark', roles: dark },
      ],
    },
    fonts: {
      activeThemeId: 'classic',
      themes: [
        { id: 'classic', name: 'Classic', heading: { ...serif }, body: { ...sans } },
        { id: 'modern', name: 'Modern', heading: { ...sans }, body: { ...sans } },
      ],
      fontUsageCategories: { headings: 'heading', paragraphs: 'body', buttons: 'body', navigation: 'body' },
    },
  }
}
