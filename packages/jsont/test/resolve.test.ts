// Name resolution: the generated resolvers (constant keys) and the direct walk of ctx.resolve([...]) behave exactly
// like the closure-built resolvers.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Path } from '../src/code.js'
import { Frame } from '../src/exec/frame.js'
import { closureResolver, makeResolver, resolvePath } from '../src/exec/resolve.js'

const root = {
  a: { b: [10, { c: 'deep' }], '0': 'zero-key', constructor: 'own-ctor', 'x-y': 1 },
  list: ['p', 'q'],
  n: null,
  s: 'text',
  toString: 'own',
  '12345678901': 'long digits',
}

function frames(): Frame[] {
  const top = new Frame(root, null)
  const a = new Frame(root.a, top)
  const item = new Frame(root.a.b[1], new Frame(root.a.b, a), 1)
  item.setVar('@v', { w: 2 })
  const isolated = new Frame({ only: true }, item, -1, true)
  return [top, a, item, isolated]
}

const PATHS: Path[] = [
  ['a'], ['a', 'b', 0], ['a', 'b', 1, 'c'], ['a', 'b', 5], ['a', 0], ['a', 'constructor'], ['a', 'hasOwnProperty'],
  ['toString'], ['valueOf'], ['constructor'], ['__proto__'], ['list', 1], ['list', 'length'], ['n', 'x'], ['s', 'length'],
  ['c'], ['@'], ['@', 'c'], ['@index'], ['@index0'], ['@v', 'w'], ['@missing'], ['x-y'], ['a', 'x-y'], ['only'],
  ['12345678901'], ['a', '12345678901'], ['a', 'b', '1', 'c'], ['a', 'quote"s'], ['a', '\u2028'], [],
]

describe('resolvers', () => {
  it('generated and closure resolvers agree on every scope', () => {
    for (const path of PATHS) {
      const gen = makeResolver(path)
      const plain = path.length === 0 ? (f: Frame) => f.node : closureResolver(path)
      for (const f of frames()) {
        expect(gen(f), JSON.stringify(path)).toBe(plain(f))
        expect(resolvePath(f, path), JSON.stringify(path)).toBe(plain(f))
      }
    }
  })

  it('never reads the prototype chain of the data', () => {
    const f = new Frame({}, null)
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      expect(makeResolver([name])(f)).toBeUndefined()
      expect(makeResolver(['a', name])(new Frame({ a: {} }, null))).toBeUndefined()
    }
  })

  it('agree on random paths and data', () => {
    const seg = fc.oneof(fc.constantFrom('a', 'b', 'constructor', 'length', '0', 'x-y'), fc.nat(3), fc.string({ maxLength: 3 }))
    const path = fc.tuple(fc.constantFrom('a', 'b', '@', 'toString', 'c'), fc.array(seg, { maxLength: 3 }))
    fc.assert(
      fc.property(fc.jsonValue(), path, (data, [first, rest]) => {
        const p: Path = [first, ...rest]
        const f = new Frame(data, new Frame({ a: data, b: [data] }, null))
        expect(makeResolver(p)(f)).toStrictEqual(closureResolver(p)(f))
        expect(resolvePath(f, p)).toStrictEqual(closureResolver(p)(f))
      }),
      { numRuns: 300 },
    )
  })
})
