// Site styles of the STYLE screen (the editor's SiteStyles): a colour palette, colour themes mapping the theme's
// colour roles to swatches, font themes (a heading and a body font stack each) and which font each usage takes.
// Every value that reaches a published page's <style> is checked here: hex colours and font stacks of a closed
// grammar, so nothing can end a declaration, a rule or the style element.
import { COLOR_ROLES, FONT_CATEGORIES, FONT_SLOTS, normalizeHex, STYLE_DIRTY_PATHS, type ColorRole } from '@sitewright/contracts'
import { z } from 'zod'

// The shapes, dirty paths, roles, usages, categories, hex rule and defaults are shared with the editor
// (packages/contracts); the checks below are the server's.
export { COLOR_ROLES, defaultSiteStyles, FONT_CATEGORIES, FONT_SLOTS, FONT_USAGES, normalizeHex, STYLE_DIRTY_PATHS, type ColorRole, type StyleDirtyPath } from '@sitewright/contracts'

export const HEX_MESSAGE = 'Use a hex colour of 3 or 6 digits, such as #2f5d50 or #abc.'
export const STACK_MESSAGE = "Use a font stack such as Georgia, 'Times New Roman', serif."
const ID_MESSAGE = 'Use 1 to 40 letters, digits, hyphens or underscores.'

/** One family of a stack: a quoted name, or bare identifiers separated by single spaces. */
const FAMILY = /^(?:'[A-Za-z0-9 ._-]{1,60}'|"[A-Za-z0-9 ._-]{1,60}"|-?[A-Za-z_][A-Za-z0-9_-]*(?: -?[A-Za-z_][A-Za-z0-9_-]*){0,5})$/
export const STACK_MAX = 300

/** A CSS font-family list of at most 12 families, each quoted or bare; nothing else (no ; { } < > \ url()). */
export function isFontStack(value: string): boolean {
  if (value.length === 0 || value.length > STACK_MAX) return false
  const families = value.split(',').map((f) => f.trim())
  return families.length <= 12 && families.every((f) => FAMILY.test(f))
}

/** Stacks are kept with single spaces after commas. */
export const normalizeStack = (value: string) =>
  value
    .split(',')
    .map((f) => f.trim())
    .join(', ')

const id = z.string({ error: ID_MESSAGE }).regex(/^[A-Za-z0-9_-]{1,40}$/, ID_MESSAGE)
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/
const label = z
  .string({ error: 'Enter a name.' })
  .trim()
  .min(1, 'Enter a name.')
  .max(60, 'Use at most 60 characters.')
  .refine((v) => !CONTROL.test(v), 'Use printable characters only.')

const hex = z
  .string({ error: HEX_MESSAGE })
  .refine((v) => normalizeHex(v) !== null, HEX_MESSAGE)
  .transform((v) => normalizeHex(v)!)

const stack = z
  .string({ error: STACK_MESSAGE })
  .refine(isFontStack, STACK_MESSAGE)
  .transform(normalizeStack)

function uniqueIds<T extends { id: string }>(what: string) {
  return (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>()
    list.forEach((x, i) => {
      if (seen.has(x.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Each ${what} needs its own id.` })
      seen.add(x.id)
    })
  }
}

export const swatch = z.object({ id, name: label, hex }).strict()
export const palette = z.array(swatch).min(1, 'Keep at least one colour.').max(24, 'Use at most 24 colours.').superRefine(uniqueIds('colour'))

const roles = z.object(Object.fromEntries(COLOR_ROLES.map((r) => [r, id])) as Record<ColorRole, typeof id>).strict()
export const colorTheme = z.object({ id, name: label, roles }).strict()
export const colorThemes = z.array(colorTheme).min(1, 'Keep at least one colour theme.').max(12, 'Use at most 12 colour themes.').superRefine(uniqueIds('colour theme'))

export const fontChoice = z
  .object({ family: label, stack, category: z.enum(FONT_CATEGORIES, { error: `Choose one of: ${FONT_CATEGORIES.join(', ')}.` }).optional() })
  .strict()
export const fontTheme = z.object({ id, name: label, heading: fontChoice, body: fontChoice }).strict()
export const fontThemes = z.array(fontTheme).min(1, 'Keep at least one font theme.').max(12, 'Use at most 12 font themes.').superRefine(uniqueIds('font theme'))

const slot = z.enum(FONT_SLOTS, { error: 'Choose heading or body.' })
export const fontUsageCategories = z.object({ headings: slot, paragraphs: slot, buttons: slot, navigation: slot }).strict()

export const siteStyles = z
  .object({
    colors: z.object({ activeThemeId: id, palette, themes: colorThemes }).strict(),
    fonts: z.object({ activeThemeId: id, themes: fontThemes, fontUsageCategories }).strict(),
  })
  .strict()
export type SiteStyles = z.infer<typeof siteStyles>

/** PUT body: the editor's styles (any part may be left out) and the dirty paths to apply from it. */
export const stylesPut = z
  .object({
    styles: z
      .object({
        colors: siteStyles.shape.colors.partial().strict().optional(),
        fonts: siteStyles.shape.fonts.partial().strict().optional(),
      })
      .strict(),
    dirtyPaths: z
      .array(z.enum(STYLE_DIRTY_PATHS, { error: `Use only the paths ${STYLE_DIRTY_PATHS.join(', ')}.` }))
      .min(1, 'Name at least one changed path.')
      .max(STYLE_DIRTY_PATHS.length, 'Name each changed path once.'),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>()
    body.dirtyPaths.forEach((path, i) => {
      if (seen.has(path)) ctx.addIssue({ code: 'custom', path: ['dirtyPaths', i], message: 'Name each changed path once.' })
      seen.add(path)
      const [group, key] = path.split('.') as ['colors' | 'fonts', string]
      const part = body.styles[group] as Record<string, unknown> | undefined
      if (part?.[key] === undefined) ctx.addIssue({ code: 'custom', path: ['styles', group, key], message: 'Send the new value of this changed path.' })
    })
  })
export type StylesPut = z.infer<typeof stylesPut>

export const stylesResponse = z.object({ styles: siteStyles, updatedOn: z.number().nullable(), unpublished: z.boolean() })
