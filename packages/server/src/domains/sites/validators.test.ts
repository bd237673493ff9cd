import { describe, expect, it } from 'vitest'
import { settingsPatch } from './validators.js'

describe('settingsPatch', () => {
  it('accepts valid settings and normalises the currency', () => {
    const r = settingsPatch.parse({ timeZone: 'Europe/Paris', currency: 'eur', locale: 'fr-FR', title: ' Shop ' })
    expect(r).toEqual({ timeZone: 'Europe/Paris', currency: 'EUR', locale: 'fr-FR', title: 'Shop' })
  })
  it('rejects unknown zones, currencies, locales, and empty titles with field messages', () => {
    const r = settingsPatch.safeParse({ timeZone: 'Mars/Olympus', currency: 'XYZW', locale: 'not a locale', title: '' })
    expect(r.success).toBe(false)
    const paths = r.error!.issues.map((i) => i.path[0])
    expect(paths).toEqual(expect.arrayContaining(['timeZone', 'currency', 'locale', 'title']))
  })
  it('rejects unknown keys', () => {
    expect(settingsPatch.safeParse({ colour: 'red' }).success).toBe(false)
  })
})
