// The content predicates read the platform enumerations of packages/contracts: every record type (up to lesson 62)
// has its `<name>?` predicate, every slice type (heading 1 ... twitter 19) is a `current-type?` argument, the
// folder and background-source predicates use the shared ids.
import { BACKGROUND_SOURCE, FOLDER_BEHAVIOR, RECORD_TYPES, SLICE_TYPES } from '@sitewright/contracts'
import { describe, expect, it } from 'vitest'
import { render } from '../../src/index.js'

const out = (template: string, json: unknown) => {
  const r = render(template, { json })
  expect(r.errors).toEqual([])
  return r.output
}

describe('enumerations in content predicates', () => {
  it('a predicate per record type, true only for its own id', () => {
    for (const [name, id] of Object.entries(RECORD_TYPES)) {
      if (id < 0) continue
      expect(out(`{.${name}?}yes{.or}no{.end}`, { recordType: id }), name).toBe('yes')
      expect(out(`{.${name}?}yes{.or}no{.end}`, { recordType: id + 1000 }), name).toBe('no')
    }
    expect(out('{.lesson?}lesson{.end}', { recordType: 62 })).toBe('lesson')
  })

  it('current-type? takes every slice type name', () => {
    for (const [name, id] of Object.entries(SLICE_TYPES)) {
      expect(out(`{.current-type? ${name}}yes{.or}no{.end}`, { currentType: id }), name).toBe('yes')
    }
    expect(out('{.current-type? sub-heading}yes{.or}no{.end}', { currentType: 1 })).toBe('no')
  })

  it('folder behaviour and background source predicates use the shared ids', () => {
    expect(out('{.redirect?}r{.or}x{.end}', { folderBehavior: FOLDER_BEHAVIOR.REDIRECT })).toBe('r')
    expect(out('{.redirect?}r{.or}x{.end}', { folderBehavior: FOLDER_BEHAVIOR.INDEX })).toBe('x')
    expect(out('{.background-source-video?}v{.or}x{.end}', { backgroundSource: BACKGROUND_SOURCE.VIDEO })).toBe('v')
    expect(out('{.background-source-none?}n{.or}x{.end}', { backgroundSource: BACKGROUND_SOURCE.NONE })).toBe('n')
  })
})
