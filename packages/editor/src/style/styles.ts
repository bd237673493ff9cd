// Site styles (the STYLE screen): a colour palette, colour themes mapping the theme's colour roles to swatches,
// font themes, and which font each usage takes. Changes are tracked by the spec's dirty paths; the theme's CSS
// custom properties (themes/default/assets/site.css) are computed for the live preview. Shapes and defaults are the
// shared contract's (packages/contracts).
import { defaultSiteStyles, normalizeHex, STYLE_DIRTY_PATHS, type ColorRole, type SiteStyles, type StyleDirtyPath as DirtyPath } from '@sitewright/contracts'

export {
  COLOR_ROLES, defaultSiteStyles as defaultStyles, FONT_USAGES, normalizeHex, STYLE_DIRTY_PATHS as DIRTY_PATHS,
  type ColorRole, type ColorTheme, type FontChoice, type FontSlot, type FontTheme, type FontUsage, type SiteStyles,
  type StyleDirtyPath as DirtyPath, type Swatch,
} from '@sitewright/contracts'

export const ROLE_LABELS: Record<ColorRole, string> = {
  paper: 'Background',
  surface: 'Cards',
  ink: 'Text',
  muted: 'Secondary text',
  line: 'Lines',
  accent: 'Links and buttons',
  accentInk: 'Text on accent',
}

/** Hex colours of 3 or 6 digits, with or without '#'. */
export function isHex(value: string): boolean {
  return normalizeHex(value) !== null
}

function valueAt(s: SiteStyles, path: DirtyPath): unknown {
  const [group, key] = path.split('.') as ['colors' | 'fonts', string]
  return (s[group] as unknown as Record<string, unknown>)[key]
}

/** The dirty paths whose values differ between the saved and the current styles. */
export function dirtyPaths(saved: SiteStyles, current: SiteStyles): DirtyPath[] {
  return STYLE_DIRTY_PATHS.filter((p) => JSON.stringify(valueAt(saved, p)) !== JSON.stringify(valueAt(current, p)))
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
  const d = defaultSiteStyles()
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
