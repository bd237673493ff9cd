// The template context is written down three times: its types (types.ts, the source), the runtime shapes the
// integration tests check real contexts with (context-shape.ts) and the theme's prose (themes/default/CONTEXT.md).
// This test reads the types with the TypeScript checker and fails when either of the other two drifts from them.
import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import * as shapes from './context-shape.js'
import type { Kind, Shape } from './context-shape.js'

const typesPath = fileURLToPath(new URL('./types.ts', import.meta.url))
const contextMd = readFileSync(new URL('../../../../../../themes/default/CONTEXT.md', import.meta.url), 'utf8')

// The server's compiler options (module resolution and the workspace source condition), so `extends` and `Pick` of
// shared types in packages/contracts resolve as they do in the build.
const configPath = fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url))
const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, (f) => ts.sys.readFile(f)).config, ts.sys, dirname(configPath))
const program = ts.createProgram([typesPath], { ...config.options, noEmit: true })
const checker = program.getTypeChecker()
const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(typesPath)!)!)

function declared(name: string): ts.Type {
  const symbol = exported.find((s) => s.name === name)
  if (!symbol) throw new Error(`types.ts exports no ${name}`)
  return checker.getDeclaredTypeOfSymbol(symbol)
}

function kindOf(t: ts.Type): Kind {
  const parts = t.isUnion() ? t.types.filter((u) => !(u.flags & ts.TypeFlags.Undefined)) : [t]
  const kinds = new Set(
    parts.map((p): Kind => {
      if (p.flags & ts.TypeFlags.StringLike) return 'string'
      if (p.flags & ts.TypeFlags.NumberLike) return 'number'
      if (p.flags & ts.TypeFlags.BooleanLike) return 'boolean'
      if (p.flags & ts.TypeFlags.Null) throw new Error('null has no kind of its own in the context shapes')
      return checker.isArrayType(p) ? 'array' : 'object'
    }),
  )
  if (kinds.size !== 1) throw new Error(`a union of several kinds: ${checker.typeToString(t)}`)
  return [...kinds][0]!
}

/** The Shape a type stands for: its properties (inherited and picked ones too; index signatures say nothing). */
function shapeOf(t: ts.Type): Shape {
  const out: Shape = {}
  for (const p of checker.getPropertiesOfType(t)) {
    const kind = kindOf(checker.getTypeOfSymbol(p))
    out[p.name] = p.flags & ts.SymbolFlags.Optional ? `${kind}?` : kind
  }
  return out
}

const propertyType = (t: ts.Type, name: string): ts.Type => {
  const p = t.getProperty(name)
  if (!p) throw new Error(`no property ${name}`)
  return checker.getTypeOfSymbol(p)
}

const page = declared('PageContext')
const SOURCES: Record<string, Shape> = {
  TOP: shapeOf(page),
  PAGE: shapeOf(propertyType(page, 'page')),
  WEBSITE: shapeOf(propertyType(page, 'website')),
  SETTINGS: shapeOf(propertyType(page, 'websiteSettings')),
  NAV_LINK: shapeOf(declared('NavLink')),
  COLLECTION: shapeOf(declared('CollectionContext')),
  ITEM: shapeOf(declared('ItemContext')),
  IMAGE: shapeOf(declared('ImageContext')),
  BLOCK: shapeOf(declared('BlockContext')),
  COMMENT: shapeOf(declared('CommentContext')),
}

// --- CONTEXT.md: the field lists of its code blocks ---------------------------------------------------------------

/** The text of the first code block (or inline `{ ... }` line) after a heading. */
function sectionText(heading: string): string {
  const at = contextMd.indexOf(`\n${heading}\n`)
  if (at < 0) throw new Error(`CONTEXT.md has no heading ${heading}`)
  const rest = contextMd.slice(at + heading.length + 2)
  const fence = /^```\n([\s\S]*?)\n```/m.exec(rest)
  const inline = /^`(\{[^`]*\})`/m.exec(rest)
  const first = [fence, inline].filter((m) => m !== null).sort((a, b) => a.index - b.index)[0]
  if (!first) throw new Error(`no field list under ${heading}`)
  return first[1]!
}

const withoutNotes = (text: string): string => text.replace(/\/\/[^\n]*/g, '')

/** The text between the braces that open at `start` (which is a '{'). */
function braced(text: string, start: number): string {
  let depth = 0
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{' || text[i] === '[' || text[i] === '(') depth++
    else if (text[i] === '}' || text[i] === ']' || text[i] === ')') {
      depth--
      if (depth === 0) return text.slice(start + 1, i)
    }
  }
  throw new Error(`unbalanced braces in ${text.slice(start, start + 40)}`)
}

/** Field names of a `{ a, b?: x, c (note), d: { ... } }` list: the entries at its top depth. */
function fieldNames(list: string): string[] {
  const names: string[] = []
  let depth = 0
  let entry = ''
  for (const ch of `${list},`) {
    if ('{[('.includes(ch)) depth++
    if ('}])'.includes(ch)) depth--
    if (ch === ',' && depth === 0) {
      const m = /^\s*'?([A-Za-z][\w-]*)'?\??/.exec(entry)
      if (m) names.push(m[1]!)
      entry = ''
    } else entry += ch
  }
  return names
}

/** The fields of the object a key of the top-level block holds (`key: { ... }` or `key = { ... }`). */
function nestedFields(text: string, key: string): string[] {
  const m = new RegExp(`\\b${key}\\??\\s*[:=]\\s*\\{`).exec(text)
  if (!m) throw new Error(`CONTEXT.md documents no ${key}`)
  return fieldNames(braced(text, m.index + m[0].length - 1))
}

const top = withoutNotes(sectionText('## Top level'))
const topKeys = [...top.matchAll(/^ {2}([A-Za-z]\w*)\??:/gm)].map((m) => m[1]!)

const DOCUMENTED: Record<string, string[]> = {
  TOP: topKeys,
  PAGE: nestedFields(top, 'page'),
  WEBSITE: nestedFields(top, 'website'),
  SETTINGS: nestedFields(top, 'websiteSettings'),
  NAV_LINK: nestedFields(top, 'NavLink'),
  COLLECTION: fieldNames(braced(withoutNotes(sectionText('## Collection')), 0)),
  ITEM: fieldNames(braced(withoutNotes(sectionText('## Item')), 0)),
  IMAGE: fieldNames(braced(withoutNotes(sectionText('## Image (asset)')), 0)),
  BLOCK: fieldNames(braced(withoutNotes(sectionText('## Block')), 0)),
  COMMENT: fieldNames(braced(sectionText('## Comment'), 0)),
}

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort()

describe('the template context contract is written once (types.ts) and checked everywhere else', { timeout: 60_000 }, () => {
  for (const [name, source] of Object.entries(SOURCES)) {
    it(`context-shape.ts ${name} is exactly the type's fields, kinds and optionality`, () => {
      expect((shapes as unknown as Record<string, Shape>)[name]).toEqual(source)
    })
    it(`CONTEXT.md documents exactly the fields of ${name}`, () => {
      const documented = sorted(DOCUMENTED[name]!)
      const typed = sorted(Object.keys(source))
      expect({ notDocumented: typed.filter((k) => !documented.includes(k)), notTyped: documented.filter((k) => !typed.includes(k)) }).toEqual({ notDocumented: [], notTyped: [] })
    })
  }
})
