import { describe, expect, it } from 'vitest'
import { SECTIONS, SECTION_IDS, sectionById } from './sections.js'

describe('editor sections', () => {
  it("the Commerce section no longer says 'The store is not available yet.' (the store is built)", () => {
    const commerce = sectionById('commerce')
    expect(commerce.label).toBe('Commerce')
    expect(commerce.upcoming).toBeUndefined()
    expect(JSON.stringify(SECTIONS)).not.toContain('The store is not available yet.')
  })

  it('every section is built: none carries upcoming metadata', () => {
    expect(SECTIONS.map((s) => s.id)).toEqual([...SECTION_IDS])
    expect(SECTIONS.filter((s) => s.upcoming)).toEqual([])
  })
})
