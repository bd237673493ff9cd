import { describe, expect, it } from 'vitest'
import { ifMatchVersion, VersionConflict, versionTag } from './versioning.js'

describe('ifMatchVersion', () => {
  it('reads the version of a strong, weak or bare tag', () => {
    expect(ifMatchVersion('"1700000000123"')).toBe(1700000000123)
    expect(ifMatchVersion('W/"42"')).toBe(42)
    expect(ifMatchVersion(' 42 ')).toBe(42)
    expect(ifMatchVersion(['"7"', '"8"'])).toBe(7)
    expect(ifMatchVersion('"7", "8"')).toBe(7)
  })
  it('means no check without a header or with *', () => {
    expect(ifMatchVersion(undefined)).toBeUndefined()
    expect(ifMatchVersion('')).toBeUndefined()
    expect(ifMatchVersion('*')).toBeUndefined()
  })
  it('never matches anything else', () => {
    expect(ifMatchVersion('"abc"')).toBe(-1)
    expect(ifMatchVersion('"1.5"')).toBe(-1)
    expect(ifMatchVersion('"12345678901234567"')).toBe(-1)
  })
})

describe('VersionConflict', () => {
  it('is a conflict carrying the current version', () => {
    const e = new VersionConflict(99)
    expect(e).toMatchObject({ type: 'conflict', code: 'version_conflict', current: 99 })
    expect(versionTag(e.current)).toBe('"99"')
  })
})
