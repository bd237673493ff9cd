import { describe, expect, it } from 'vitest'
import { render } from '../../src/index.js'
import { FORMATTERS, PREDICATES } from '../../src/plugins/index.js'
import { I18N_FORMATTERS as F } from '../../src/plugins/formatters.i18n.js'
import { I18N_PREDICATES } from '../../src/plugins/i18n/index.js'
import { decimalOptions, digits } from '../../src/plugins/i18n/options.js'
import { joinListOptions } from '../../src/plugins/i18n/units.js'
import { apply, testCtx } from './ctx.js'

const en = (root: unknown = {}, now = 0) => testCtx(root, 'en-US', now)

describe('options', () => {
  it('clamps digit counts to 0..50', () => {
    expect(digits('99')).toBe(50)
    expect(digits('-3')).toBe(0)
    expect(digits('x')).toBeUndefined()
    expect(decimalOptions(['maxfrac:70', 'minimumIntegerDigits:-1'])).toMatchObject({
      maximumFractionDigits: 50,
      minimumIntegerDigits: 0,
    })
  })
  it('ignores unknown styles and rounding modes', () => {
    expect(decimalOptions(['style:weird', 'round:sideways'])).toEqual({ group: true })
  })
})

describe('decimal and money', () => {
  it('formats decimals with grouping on by default', () => {
    expect(apply(F.decimal, ['1234.5'], [], en())).toBe('1,234.5')
    expect(apply(F.decimal, ['1234.5'], ['group:false'], en())).toBe('1234.5')
    expect(apply(F.decimal, ['abc'], [], en())).toBe('')
    expect(apply(F.decimal, [1234.5], [], testCtx({}, 'fr-FR'))).toBe('1\u202f234,5')
  })
  it('formats money in the render locale', () => {
    const usd = { decimalValue: '123456.789', currencyCode: 'USD' }
    expect(apply(F.money, [usd], [], en())).toBe('$123,456.79')
    expect(apply(F.money, [usd], ['style:name'], en())).toBe('123,456.79 US dollars')
    expect(apply(F.money, [usd], [], testCtx({}, 'de-DE'))).toBe('123.456,79\u00a0$')
    expect(apply(F.money, [{ foo: 1 }], [], en())).toBe('')
  })
})

describe('dates', () => {
  const t = 1582571080000
  it('formats datetime widths, skeletons and date/time pairs in the site zone', () => {
    expect(apply(F.datetime, [t], [], en())).toBe('February 24, 2020')
    expect(apply(F.datetime, [t], ['skeleton:yMMMEEEd'], en())).toBe('Mon, Feb 24, 2020')
    expect(apply(F.datetime, [t], ['date:yMd', 'time:hm'], en())).toBe('2/24/2020, 2:04\u202fPM')
    expect(apply(F.datetime, [t], ['time:hm'], en({ website: { timeZone: 'Europe/Paris' } }))).toBe(
      '8:04\u202fPM',
    )
  })
  it('formats one field of an instant', () => {
    const f = (args: string[], locale = 'en-US') => apply(F.datetimefield, [t], args, testCtx({}, locale))
    expect(f(['weekday'])).toBe('Monday')
    expect(f(['month', 'abbreviated'])).toBe('Feb')
    expect(f(['month'], 'fr-FR')).toBe('février')
    expect(f(['pattern:yyyy'])).toBe('2020')
    expect(f([])).toBe('')
    expect(apply(F.datetimefield, [{}], ['year'], en())).toBe('')
  })
  it('formats intervals from two variables', () => {
    expect(apply(F['datetime-interval'], [t, t + 86_400_000 * 3], [], en())).toBe(
      'Feb 24\u2009–\u200927, 2020',
    )
    expect(apply(F['datetime-interval'], [t, 'x'], [], en())).toBe('')
  })
  it('formats relative times against the clock or between two instants', () => {
    const rt = F['relative-time']
    expect(apply(rt, [t + 3_600_000], [], en({}, t))).toBe('in 1 hour')
    expect(apply(rt, [t, t - 2 * 86_400_000], ['width:narrow'], en())).toBe('2d ago')
    expect(apply(rt, [null], [], en())).toBe('Invalid date.')
  })
})

describe('message and plural', () => {
  const root = { msg: '{0} has {1 plural one {# pet} other {# pets}} and {n}', who: 'Ann', k: 1, nn: 'x' }
  it('binds positional and named arguments', () => {
    expect(apply(F.message, [root.msg], ['who', 'k', 'n=nn'], en(root))).toBe('Ann has 1 pet and x')
    expect(apply(F.plural, [root.msg], ['who', 'k'], en(root))).toBe('Ann has 1 pet and ')
  })
  it('uses the locale plural rules', () => {
    const msg = '{0 plural one {ONE} few {FEW} many {MANY} other {OTHER}}'
    const pl = (n: unknown) => apply(F.message, [msg], ['n'], testCtx({ n }, 'pl-PL'))
    expect([pl(1), pl(3), pl(5), pl('1.5')]).toEqual(['ONE', 'FEW', 'MANY', 'OTHER'])
  })
  it('rejoins list options split at commas', () => {
    expect(joinListOptions(['in:second', 'sequence:hour', 'minute', 'group'])).toEqual([
      'in:second',
      'sequence:hour,minute',
      'group',
    ])
  })
  it('prints nothing for a non-string message', () => {
    expect(apply(F.message, [42], [], en())).toBe('')
  })
})

describe('unit', () => {
  const u = (v: unknown, args: string, locale = 'en-US') =>
    apply(F.unit, [v], args.split(' '), testCtx({}, locale))
  it('converts to one unit, a best-fit list or a sequence', () => {
    expect(u('12345', 'in:inch out:foot')).toBe('1028.8′')
    expect(u('12345', 'in:inch')).toBe('342.9yd')
    expect(u('12345', 'in:second out:hour,minute,second format:long')).toBe('3.4 hours')
    expect(u('12345', 'in:second sequence:hour,minute,second format:long')).toBe(
      '3 hours 25 minutes 45 seconds',
    )
    expect(u('-1.5', 'in:hour sequence:hour,minute')).toBe('-1h 30m')
  })
  it("converts to the locale's measurement system by default", () => {
    expect(u('100', 'in:celsius format:long')).toBe('212 degrees Fahrenheit')
    expect(u('212', 'in:fahrenheit format:long', 'fr-FR')).toBe('100\u00a0degrés Celsius')
    expect(u('1000', 'in:gram')).toBe('2.2#')
  })
  it("converts in floating point through the base unit, applying CLDR's factor formulas step by step", () => {
    // 15.3 pc = 15.3 * 149597870700 * 648000 / PI m, then / 1609.344: ...709.5625 in doubles (exactly ...709.534)
    expect(u('15.3', 'in:parsec out:mile group format:long')).toBe('293,354,727,123,709.6 miles')
    expect(u('15.3', 'in:astronomical-unit out:mile group format:long')).toBe('1,422,223,851.3 miles')
    expect(u('17.2', 'in:radian sequence:degree,arc-minute')).toBe('985° 29.2′')
    expect(u('1', 'in:revolution out:radian maxfrac:5')).toBe('6.28319rad')
  })
  it("takes a quantity without in: in the locale's system where metric and US units differ", () => {
    expect(u('1904.94', 'out:celsius')).toBe('1040.5°C')
    expect(u('1904.94', 'out:celsius', 'fr-FR')).toBe('1904,9°C')
    expect(u('40320', 'out:cubic-foot')).toBe('23.3ft³')
    expect(u('5040', 'out:watt', 'fr-FR')).toBe('5040W')
    expect(u('2', 'in:g-force out:meter-per-second-squared')).toBe('19.6m/s²')
  })
  it('uses 1024-byte multiples and 1000-bit multiples', () => {
    expect(u('1048576', 'in:byte format:long')).toBe('1 megabyte')
    expect(u('1000000', 'in:bit compact:bits format:long')).toBe('1 megabit')
  })
  it('prints nothing for unknown units or non-numbers', () => {
    expect(u('1', 'in:furlongs-per-week')).toBe('')
    expect(u('x', 'in:meter')).toBe('')
    expect(u('1', 'out:parsnips')).toBe('')
    expect(u('5040', 'out:watt')).toBe('5040W')
  })
})

describe('units-metric?', () => {
  it('is not implemented: an error and no output (one formatter, in the registry)', () => {
    const ctx = en()
    expect(F['units-metric?']).toBeUndefined()
    expect(apply(FORMATTERS['units-metric?']!, [1], [], ctx)).toBe('')
    expect(ctx.errors.map((e) => e.code)).toEqual(['NOT_IMPLEMENTED'])
  })
})

describe('units-metric? predicate', () => {
  it('is not implemented: an error, and false (merged into the registry)', () => {
    expect(PREDICATES['units-metric?']).toBe(I18N_PREDICATES['units-metric?'])
    const { output, errors } = render('{.units-metric? mass}kg{.or}lb{.end}', { json: {} })
    expect(output).toBe('lb')
    expect(errors.map((e) => e.code)).toEqual(['NOT_IMPLEMENTED'])
    const ctx = en()
    expect(I18N_PREDICATES['units-metric?']!(['mass'], ctx)).toBe(false)
    expect(ctx.errors.map((e) => e.code)).toEqual(['NOT_IMPLEMENTED'])
  })
})
