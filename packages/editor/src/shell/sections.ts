// The editor's navigation, declared once. Sections not built yet say honestly what will come.

export const SECTION_IDS = ['pages', 'commerce', 'forms', 'members', 'analytics', 'history', 'settings'] as const
export type SectionId = (typeof SECTION_IDS)[number]

export interface Section {
  id: SectionId
  label: string
  /** What this section will hold; present while the section is not built yet. */
  upcoming?: { summary: string; items: string[] }
}

export const SECTIONS: readonly Section[] = [
  { id: 'pages', label: 'Pages' },
  { id: 'commerce', label: 'Commerce' },
  { id: 'forms', label: 'Forms' },
  { id: 'members', label: 'Members' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'history', label: 'History' },
  { id: 'settings', label: 'Settings' },
]

/** The capability of the permission table a section needs (analytics: shown to every role until it exists). */
const SECTION_CAPABILITY: Partial<Record<SectionId, string>> = { pages: 'content', commerce: 'commerce', forms: 'forms.read', members: 'members', history: 'content', settings: 'settings.read' }

/** True when the site's role may use the section (the editor shows only these). */
export function sectionAllowed(id: SectionId, capabilities: readonly string[] | undefined): boolean {
  const needed = SECTION_CAPABILITY[id]
  return !capabilities || !needed || capabilities.includes(needed)
}

export function sectionById(id: SectionId): Section {
  const found = SECTIONS.find((s) => s.id === id)
  if (!found) throw new Error(`unknown section ${id}`)
  return found
}
