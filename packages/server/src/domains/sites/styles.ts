// Site styles: stored per site (site_styles), changed by dirty path, and turned into the theme's CSS custom
// properties (themes/default/assets/site.css :root) for published pages.
import { eq, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { siteStyles as siteStylesTable } from './schema.js'
import { defaultSiteStyles, isFontStack, normalizeHex, siteStyles, type SiteStyles, type StylesPut } from './styles-validators.js'

export interface StoredStyles {
  styles: SiteStyles
  /** Epoch ms of the last save; null while the site keeps the theme's own look. */
  updatedOn: number | null
}

/** A stored document that no longer validates (older shape) falls back to the defaults, part by part. */
function restore(raw: unknown): SiteStyles {
  const parsed = siteStyles.safeParse(raw)
  if (parsed.success) return parsed.data
  const d = defaultSiteStyles()
  const r = (raw && typeof raw === 'object' ? raw : {}) as { colors?: unknown; fonts?: unknown }
  const colors = siteStyles.shape.colors.safeParse(r.colors)
  const fonts = siteStyles.shape.fonts.safeParse(r.fonts)
  return { colors: colors.success ? colors.data : d.colors, fonts: fonts.success ? fonts.data : d.fonts }
}

export async function getStyles(orm: Orm, siteId: string): Promise<StoredStyles> {
  const [row] = await orm.select().from(siteStylesTable).where(eq(siteStylesTable.siteId, siteId))
  return row ? { styles: restore(row.styles), updatedOn: row.updatedAt.getTime() } : { styles: defaultSiteStyles(), updatedOn: null }
}

/** The saved styles, or null when the site has never saved any (its pages keep the theme's CSS as shipped). */
export async function savedStyles(orm: Orm, siteId: string): Promise<SiteStyles | null> {
  const [row] = await orm.select({ styles: siteStylesTable.styles }).from(siteStylesTable).where(eq(siteStylesTable.siteId, siteId))
  return row ? restore(row.styles) : null
}

/** References between the parts: active themes exist, every colour role names a swatch of the palette. */
function checkReferences(s: SiteStyles): Record<string, string> {
  const fields: Record<string, string> = {}
  const swatches = new Set(s.colors.palette.map((p) => p.id))
  if (!s.colors.themes.some((t) => t.id === s.colors.activeThemeId)) fields['styles.colors.activeThemeId'] = 'Choose one of the colour themes.'
  if (!s.fonts.themes.some((t) => t.id === s.fonts.activeThemeId)) fields['styles.fonts.activeThemeId'] = 'Choose one of the font themes.'
  s.colors.themes.forEach((t, i) => {
    for (const [role, swatch] of Object.entries(t.roles)) {
      if (!swatches.has(swatch)) fields[`styles.colors.themes.${i}.roles.${role}`] ??= 'Choose one of the palette colours.'
    }
  })
  return fields
}

/** Applies only the dirty paths of `body.styles` over the stored styles (or the defaults), in one transaction. */
export async function putStyles(orm: Orm, siteId: string, body: StylesPut): Promise<StoredStyles> {
  return orm.transaction(async (tx) => {
    // Lock the row (creating it first if needed) so concurrent saves of different paths do not lose each other.
    await tx
      .insert(siteStylesTable)
      .values({ siteId, styles: defaultSiteStyles() as unknown as Record<string, unknown> })
      .onConflictDoNothing()
    const [row] = await tx.select().from(siteStylesTable).where(eq(siteStylesTable.siteId, siteId)).for('update')
    const next = structuredClone(restore(row?.styles))
    for (const path of body.dirtyPaths) {
      const [group, key] = path.split('.') as ['colors' | 'fonts', string]
      const value = (body.styles[group] as Record<string, unknown>)[key]
      ;(next[group] as Record<string, unknown>)[key] = structuredClone(value)
    }
    const fields = checkReferences(next)
    if (Object.keys(fields).length > 0) {
      throw new AppError('invalid_data', 'validation_failed', `Please correct the request fields: ${Object.keys(fields).join(', ')}.`, { fields })
    }
    const [saved] = await tx
      .update(siteStylesTable)
      .set({ styles: next as unknown as Record<string, unknown>, updatedAt: sql`now()` })
      .where(eq(siteStylesTable.siteId, siteId))
      .returning()
    return { styles: next, updatedOn: saved!.updatedAt.getTime() }
  })
}

export interface CssVariable {
  name: string
  value: string
}

/**
 * The theme's custom properties for the active colour and font themes. Values are re-checked here (hex colours,
 * font stacks of the closed grammar) so a stored value can never end the declaration or the style element.
 */
export function cssVariables(s: SiteStyles): CssVariable[] {
  const out: CssVariable[] = []
  const theme = s.colors.themes.find((t) => t.id === s.colors.activeThemeId) ?? s.colors.themes[0]
  const hexOf = (swatchId: string | undefined) => normalizeHex(s.colors.palette.find((p) => p.id === swatchId)?.hex ?? '')
  if (theme) {
    const names = [
      ['--paper', 'paper'],
      ['--surface', 'surface'],
      ['--ink', 'ink'],
      ['--muted', 'muted'],
      ['--line', 'line'],
      ['--accent', 'accent'],
      ['--accent-ink', 'accentInk'],
    ] as const
    for (const [name, role] of names) {
      const value = hexOf(theme.roles[role])
      if (value) out.push({ name, value })
    }
    const accent = hexOf(theme.roles.accent)
    const paper = hexOf(theme.roles.paper)
    if (accent && paper) out.push({ name: '--accent-soft', value: `color-mix(in srgb, ${accent} 14%, ${paper})` })
  }
  const fonts = s.fonts.themes.find((t) => t.id === s.fonts.activeThemeId) ?? s.fonts.themes[0]
  if (fonts) {
    const u = s.fonts.fontUsageCategories
    for (const [name, slot] of [['--font-display', u.headings], ['--font-body', u.paragraphs]] as const) {
      const stack = fonts[slot].stack
      if (isFontStack(stack)) out.push({ name, value: stack })
    }
  }
  return out
}

/** `:root{--paper:#fbfaf7;...}` of the variables (each already safe inside a <style> element). */
export const rootCss = (vars: readonly CssVariable[]) => `:root{${vars.map((v) => `${v.name}:${v.value}`).join(';')}}`
