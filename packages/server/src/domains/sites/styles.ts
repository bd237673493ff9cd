// Site styles: stored per site (site_styles), changed by dirty path, and turned into the theme's CSS custom
// properties (themes/default/assets/site.css :root) for published pages.
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { siteStyles as siteStylesTable } from './schema.js'
import { defaultSiteStyles, isFontStack, normalizeHex, siteStyles, type SiteStyles, type StylesPut } from './styles-validators.js'

export interface StoredStyles {
  /** The styles as the owner sees them: the draft where there is one, else the published ones. */
  styles: SiteStyles
  /** Epoch ms of the last save; null while the site keeps the theme's own look. */
  updatedOn: number | null
  /** True while the owner's changes are not published (visitors see the published styles). */
  unpublished: boolean
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

type Row = typeof siteStylesTable.$inferSelect
const stored = (row: Row | undefined): StoredStyles =>
  row ? { styles: restore(row.draft ?? row.styles), updatedOn: row.updatedAt.getTime(), unpublished: row.draft !== null } : { styles: defaultSiteStyles(), updatedOn: null, unpublished: false }

export async function getStyles(orm: Orm, siteId: string): Promise<StoredStyles> {
  const [row] = await orm.select().from(siteStylesTable).where(eq(siteStylesTable.siteId, siteId))
  return stored(row)
}

/**
 * The saved styles, or null when the site has never saved any (its pages keep the theme's CSS as shipped).
 * `draft`: the owner's view (the canvas, the preview), with the unpublished changes.
 */
export async function savedStyles(orm: Orm, siteId: string, draft = false): Promise<SiteStyles | null> {
  const [row] = await orm.select({ styles: siteStylesTable.styles, draft: siteStylesTable.draft }).from(siteStylesTable).where(eq(siteStylesTable.siteId, siteId))
  return row ? restore(draft ? (row.draft ?? row.styles) : row.styles) : null
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

/**
 * Applies only the dirty paths of `body.styles` over the stored styles (or the defaults), in one transaction.
 * `draft` (the owner's edits): over the draft, kept as the draft (one equal to the published styles is none);
 * `live` (a starter's look): over the published styles, published at once, any draft dropped.
 */
export async function putStyles(orm: Orm, siteId: string, body: StylesPut, target: 'draft' | 'live' = 'draft'): Promise<StoredStyles> {
  return orm.transaction(async (tx) => {
    const row = await lockRow(tx, siteId)
    const next = structuredClone(restore(target === 'draft' ? (row.draft ?? row.styles) : row.styles))
    for (const path of body.dirtyPaths) {
      const [group, key] = path.split('.') as ['colors' | 'fonts', string]
      const value = (body.styles[group] as Record<string, unknown>)[key]
      ;(next[group] as Record<string, unknown>)[key] = structuredClone(value)
    }
    const fields = checkReferences(next)
    if (Object.keys(fields).length > 0) {
      throw new AppError('invalid_data', 'validation_failed', `Please correct the request fields: ${Object.keys(fields).join(', ')}.`, { fields })
    }
    const doc = next as unknown as Record<string, unknown>
    const set = target === 'live' ? { styles: doc, draft: null } : { draft: JSON.stringify(next) === JSON.stringify(restore(row.styles)) ? null : doc }
    const [saved] = await tx.update(siteStylesTable).set({ ...set, updatedAt: sql`now()` }).where(eq(siteStylesTable.siteId, siteId)).returning()
    return stored(saved)
  })
}

/** The site's row, locked (created first if needed) so concurrent saves of different paths do not lose each other. */
async function lockRow(tx: Orm, siteId: string): Promise<Row> {
  await tx
    .insert(siteStylesTable)
    .values({ siteId, styles: defaultSiteStyles() as unknown as Record<string, unknown> })
    .onConflictDoNothing()
  const [row] = await tx.select().from(siteStylesTable).where(eq(siteStylesTable.siteId, siteId)).for('update')
  return row!
}

/** Publishes the draft (visitors see it); answers whether there was one. */
export async function publishStylesIn(tx: Orm, siteId: string): Promise<boolean> {
  const rows = await tx
    .update(siteStylesTable)
    .set({ styles: sql`${siteStylesTable.draft}`, draft: null, updatedAt: sql`now()` })
    .where(and(eq(siteStylesTable.siteId, siteId), isNotNull(siteStylesTable.draft)))
    .returning({ siteId: siteStylesTable.siteId })
  return rows.length > 0
}

export async function publishStyles(orm: Orm, siteId: string): Promise<{ published: boolean; styles: StoredStyles }> {
  const published = await orm.transaction((tx) => publishStylesIn(tx, siteId))
  return { published, styles: await getStyles(orm, siteId) }
}

/** Drops the draft: the owner sees the published styles again. */
export async function discardStylesDraft(orm: Orm, siteId: string): Promise<StoredStyles> {
  await orm.update(siteStylesTable).set({ draft: null }).where(eq(siteStylesTable.siteId, siteId))
  return getStyles(orm, siteId)
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
