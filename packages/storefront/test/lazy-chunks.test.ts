// SPEC.md (External calls, Other): "Lazy script chunks ('commerce-product-variants', 88, 116) are fetched." Reads the
// built runtime (building it first if missing): the entry fetches a chunk named commerce-product-variants only through
// import(), under the chunk name the theme's markup asks for, and that chunk statically imports chunks 88 and 116, so a
// product page fetches all three and a page without a product fetches none of them.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(pkg, 'dist')
const entry = join(dist, 'storefront.js')

beforeAll(() => {
  if (existsSync(entry)) return
  const res = spawnSync('npm', ['run', 'build', '--silent'], { cwd: pkg, stdio: 'inherit' })
  if (res.status !== 0) throw new Error('storefront build failed')
}, 120_000)

const chunkFiles = () => readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js'))
/** The one built chunk whose name (before the content hash) is `name`. */
const chunkNamed = (name: string) => {
  const found = chunkFiles().filter((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f))
  expect(found, `chunk ${name}`).toHaveLength(1)
  return found[0]!
}
const staticImports = (code: string) => [...code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`]\.\/([^"'`]+)["'`]/g)].map((m) => m[1]!)
const entryImports = (code: string) => [...code.matchAll(/import\(\s*["'`]\.\/chunks\/([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]!)

describe("SPEC.md's lazy chunks 'commerce-product-variants', 88 and 116", () => {
  it("the entry loads 'commerce-product-variants' under that chunk name, lazily (import(), never a static import)", () => {
    const code = readFileSync(entry, 'utf8')
    const file = chunkNamed('commerce-product-variants')
    expect(entryImports(code)).toContain(file)
    expect(code).toMatch(new RegExp(`"commerce-product-variants":\\(\\)=>[^,]*import\\(\`\\./chunks/${file.replace('.', '\\.')}\`\\)`))
    expect(staticImports(code).some((f) => f.includes(file))).toBe(false)
  })

  it('commerce-product-variants statically imports chunks 88 and 116, which hold the variant choice and adding to the cart', () => {
    const product = readFileSync(join(dist, 'chunks', chunkNamed('commerce-product-variants')), 'utf8')
    const c88 = chunkNamed('88')
    const c116 = chunkNamed('116')
    expect(staticImports(product)).toEqual(expect.arrayContaining([c88, c116]))
    // what each holds, by its own messages (commerce/messages.ts is in the entry; the chunks name what they use)
    const map88 = JSON.parse(readFileSync(join(dist, 'chunks', `${c88}.map`), 'utf8')) as { sources: string[] }
    const map116 = JSON.parse(readFileSync(join(dist, 'chunks', `${c116}.map`), 'utf8')) as { sources: string[] }
    expect(map88.sources.map((s) => s.replace(/^.*src\//, ''))).toEqual(expect.arrayContaining(['commerce/variants.ts', 'commerce/quantity.ts']))
    expect(map116.sources.map((s) => s.replace(/^.*src\//, ''))).toEqual(expect.arrayContaining(['commerce/add-to-cart.ts', 'commerce/button.ts']))
  })

  it('no page fetches 88 or 116 up front: the entry reaches neither through a static import', () => {
    const seen = new Set<string>()
    const walk = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      for (const f of staticImports(readFileSync(file, 'utf8'))) walk(join(dirname(file), f))
    }
    walk(entry)
    const names = [...seen].map((f) => f.slice(f.lastIndexOf('/') + 1))
    for (const n of [chunkNamed('88'), chunkNamed('116'), chunkNamed('commerce-product-variants')]) expect(names).not.toContain(n)
  })
})
