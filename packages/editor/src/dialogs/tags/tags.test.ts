import { describe, expect, it } from 'vitest'
import { initialTags, tagReducer } from './tags.js'

describe('tag and category editor', () => {
  it("refuses duplicates: 'This {tagType} already exists'", () => {
    const s = initialTags('tag', ['News'])
    expect(tagReducer(s, { type: 'add', name: ' news ' })).toMatchObject({ items: ['News'], error: 'This tag already exists' })
    expect(tagReducer(s, { type: 'add', name: 'Recipes' }).items).toEqual(['News', 'Recipes'])
  })

  it("edits one at a time: 'You may only edit one {tagType} at a time'", () => {
    let s = initialTags('category', ['A', 'B'])
    s = tagReducer(s, { type: 'edit', index: 0 })
    s = tagReducer(s, { type: 'edit', index: 1 })
    expect(s.error).toBe('You may only edit one category at a time')
    expect(tagReducer(s, { type: 'remove', index: 1 }).items).toEqual(['A', 'B'])
    s = tagReducer(s, { type: 'change', draft: 'b' })
    s = tagReducer(s, { type: 'commit' })
    expect(s.error).toBe('This category already exists')
    s = tagReducer(s, { type: 'change', draft: 'Alpha' })
    s = tagReducer(s, { type: 'commit' })
    expect(s).toMatchObject({ items: ['Alpha', 'B'], editing: null, error: null })
  })

  it('limits tags to 50 and categories to 25 characters', () => {
    expect(tagReducer(initialTags('tag', []), { type: 'add', name: 'x'.repeat(50) }).items).toHaveLength(1)
    expect(tagReducer(initialTags('tag', []), { type: 'add', name: 'x'.repeat(51) }).error).toBe('Use at most 50 characters.')
    expect(tagReducer(initialTags('category', []), { type: 'add', name: 'x'.repeat(26) }).error).toBe('Use at most 25 characters.')
  })
})
