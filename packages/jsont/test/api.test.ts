// The public API: compile is reusable and serialisable, render never throws, errors are values.
import { describe, expect, it } from 'vitest'
import { compile, ErrorCode, render } from '../src/index.js'

describe('compile', () => {
  it('returns a JSON-serialisable instruction tree that renders the same after a JSON round trip', () => {
    const t = compile('{.section a}{b|html}{.or}none{.end}')
    expect(t.errors).toEqual([])
    const copy = JSON.parse(JSON.stringify(t)) as typeof t
    expect(render(copy, { json: { a: { b: '<' } } }).output).toBe('&lt;')
    expect(render(t, { json: {} }).output).toBe('none')
  })

  it('is reusable across renders with different data', () => {
    const t = compile('{.repeated section xs}{@}{.alternates with},{.end}')
    expect(render(t, { json: { xs: [1, 2] } }).output).toBe('1,2')
    expect(render(t, { json: { xs: ['a'] } }).output).toBe('a')
  })
})

describe('render', () => {
  it('answers errors as values for a non-template argument', () => {
    const r = render(42 as unknown as string)
    expect(r.errors[0]?.code).toBe(ErrorCode.INVALID_TEMPLATE)
  })

  it('accepts extra formatters and predicates per render', () => {
    const r = render('{a|shout}{.big?}!{.end}', {
      json: { a: 'hi', n: 5 },
      formatters: { shout: (vars) => void (vars[0]!.value = String(vars[0]!.value).toUpperCase()) },
      predicates: { 'big?': (_args, ctx) => (ctx.resolve('n') as number) > 3 },
    })
    expect(r).toEqual({ output: 'HI!', errors: [] })
  })

  it('keeps rendering when a formatter throws', () => {
    const r = render('a{x|boom}b', { formatters: { boom: () => { throw new Error('bad') } } })
    expect(r.output).toBe('ab')
    expect(r.errors.map((e) => e.code)).toEqual([ErrorCode.FORMATTER_FAILED])
  })

  it('honours enableExpr and enableInclude', () => {
    const r = render('{.macro m}M{.end}{.eval 1+1}{.include m output}', { options: { enableExpr: false, enableInclude: false } })
    expect(r.output).toBe('')
    expect(r.errors.map((e) => e.code).sort()).toEqual([ErrorCode.EXPR_DISABLED, ErrorCode.INCLUDE_DISABLED])
  })

  it('renders injected values and reports missing ones', () => {
    const r = render('{.inject @a a.json}{.inject @b b.json}{@a.x}', { injects: { 'a.json': { x: 1 } } })
    expect(r.output).toBe('1')
    expect(r.errors.map((e) => e.code)).toEqual([ErrorCode.INJECT_MISSING])
  })

  it('survives deeply nested blocks', () => {
    const src = '{.section a}'.repeat(400) + 'x' + '{.end}'.repeat(400)
    const r = render(src, { json: { a: {} } })
    expect(r.errors.some((e) => e.code === ErrorCode.NESTING_TOO_DEEP)).toBe(true)
  })
})
