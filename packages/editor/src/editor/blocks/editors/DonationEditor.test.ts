import { describe, expect, it } from 'vitest'
import { parsePresets } from './DonationEditor.js'

describe('donation presets as typed', () => {
  it('reads whole amounts separated by commas or spaces', () => {
    expect(parsePresets('10, 25 50,100')).toEqual({ ok: true, presets: [10, 25, 50, 100] })
  })
  it('refuses empty lists, fractions, amounts out of range and more than six', () => {
    expect(parsePresets(' ')).toEqual({ ok: false, message: 'Add at least one suggested amount.' })
    expect(parsePresets('12.5')).toEqual({ ok: false, message: '12.5 is not a whole amount.' })
    expect(parsePresets('0')).toEqual({ ok: false, message: 'Amounts go from 1 to 10,000.' })
    expect(parsePresets('10001')).toEqual({ ok: false, message: 'Amounts go from 1 to 10,000.' })
    expect(parsePresets('1 2 3 4 5 6 7')).toEqual({ ok: false, message: 'At most 6 amounts.' })
  })
})
