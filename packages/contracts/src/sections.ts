// A page section's look: its background (none, one of the site's colour themes, or an image from the site's files)
// and its padding (S, M, L). Stored with the section in the page layout; the theme renders it on the draft canvas
// and the published page (themes/default/CONTEXT.md "Section style").

export const SECTION_BACKGROUNDS = ['none', 'theme', 'image'] as const
export type SectionBackground = (typeof SECTION_BACKGROUNDS)[number]
export const SECTION_PADDINGS = ['S', 'M', 'L'] as const
export type SectionPadding = (typeof SECTION_PADDINGS)[number]

export interface SectionStyle {
  background: SectionBackground
  /** The colour theme (site styles `colors.themes[].id`) when background is 'theme'. */
  colorThemeId?: string | undefined
  /** The image (a file id of the site) when background is 'image'. */
  imageId?: string | undefined
  padding: SectionPadding
}

export const DEFAULT_SECTION_STYLE: SectionStyle = { background: 'none', padding: 'M' }

const ID = /^[A-Za-z0-9_-]{1,100}$/

/** A well-formed section style of any stored value (unknown parts dropped), or undefined for the default look. */
export function sectionStyleOf(raw: unknown): SectionStyle | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const r = raw as Record<string, unknown>
  const background = SECTION_BACKGROUNDS.includes(r.background as SectionBackground) ? (r.background as SectionBackground) : 'none'
  const padding = SECTION_PADDINGS.includes(r.padding as SectionPadding) ? (r.padding as SectionPadding) : 'M'
  const out: SectionStyle = { background, padding }
  if (background === 'theme') {
    if (typeof r.colorThemeId !== 'string' || !ID.test(r.colorThemeId)) out.background = 'none'
    else out.colorThemeId = r.colorThemeId
  }
  if (background === 'image') {
    if (typeof r.imageId !== 'string' || !ID.test(r.imageId)) out.background = 'none'
    else out.imageId = r.imageId
  }
  return out.background === 'none' && out.padding === 'M' ? undefined : out
}
