// The editor's navigation, declared once. Sections not built yet say honestly what will come.

export const SECTION_IDS = ['pages', 'commerce', 'forms', 'analytics', 'settings'] as const
export type SectionId = (typeof SECTION_IDS)[number]

export interface Section {
  id: SectionId
  label: string
  /** What this section will hold; present while the section is not built yet. */
  upcoming?: { summary: string; items: string[] }
}

export const SECTIONS: readonly Section[] = [
  { id: 'pages', label: 'Pages' },
  {
    id: 'commerce',
    label: 'Commerce',
    upcoming: {
      summary: 'The store is not available yet.',
      items: [
        'Products, variants and inventory',
        'Orders and the cart',
        'Restock notifications and product reviews',
      ],
    },
  },
  { id: 'forms', label: 'Forms' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'settings', label: 'Settings' },
]

export function sectionById(id: SectionId): Section {
  const found = SECTIONS.find((s) => s.id === id)
  if (!found) throw new Error(`unknown section ${id}`)
  return found
}
