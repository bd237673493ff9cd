// The template context is written down three times: its types (types.ts, the source), the runtime shapes the
// integration tests check real contexts with (context-shape.ts) and the theme's prose (themes/default/CONTEXT.md).
// This test reads the types with the TypeScript parser and fails when either of the other two drifts from them.
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import * as shapes from './context-shape.js'
import type { Kind, Shape } from './context-shape.js'

const typesSource = ts.createSourceFile('types.ts', readFileSync(new URL('./types.ts', import.meta.url), 'utf8'), ts.ScriptTarget.Latest, true)
const contextMd = readFileSync(new URL('../../../../../themes/default/CONTEXT.md', import.meta.url), 'utf8')

function interfaceMembers(name: string): ts.NodeArray<ts.TypeElement> {
  const decl = typesSource.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name)
  if (!decl) throw new Error(`types.ts declares no interface ${name}`)
  return decl.members
}

function property(members: ts.NodeArray<ts.TypeElement>, name: string): ts.PropertySignature {
  const p = members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && m.name.getText(typesSource) === name)
  if (!p?.type) throw new Error(`no property ${name}`)
  return p
}

function kindOf(t: ts.TypeNode): Kind {
  if (ts.isArrayTypeNode(t)) return 'array'
  if (t.kind === ts.SyntaxKind.StringKeyword) return 'string'
  if (t.kind === ts.SyntaxKind.NumberKeyword) return 'number'
  if (t.kind === ts.SyntaxKind.BooleanKeyword) return 'boolean'
  if (ts.isLiteralTypeNode(t)) return ts.isStringLiteral(t.literal) ? 'string' : ts.isNumericLiteral(t.literal) ? 'number' : 'boolean'
  if (ts.isUnionTypeNode(t)) {
    const kinds = new Set(t.types.filter((u) => u.kind !== ts.SyntaxKind.UndefinedKeyword).map(kindOf))
    if (kinds.size !== 1) throw new Error(`a union of several kinds: ${t.getText(typesSource)}`)
    return [...kinds][0]!
  }
  return 'object'
}

/** The Shape a list of type members stands for (property signatures; index signatures say nothing). */
function shapeOf(members: ts.NodeArray<ts.TypeElement>): Shape {
  const out: Shape = {}
  for (const m of members) {
    if (!ts.isPropertySignature(m) || !m.type) continue
    const kind = kindOf(m.type)
    out[m.name.getText(typesSource).replace(/^'|'$/g, '')] = m.questionToken ? `${kind}?` : kind
  }
  return out
}

const literalMembers = (p: ts.PropertySignature): ts.NodeArray<ts.TypeElement> => {
  let t = p.type!
  if (ts.isIntersectionTypeNode(t)) t = t.types.find(ts.isTypeLiteralNode) ?? t
  if (!ts.isTypeLiteralNode(t)) throw new Error(`${p.name.getText(typesSource)} is not an object literal type`)
  return t.members
}

const page = interfaceMembers('PageContext')
const SOURCES: Record<string, Shape> = {
  TOP: shapeOf(page),
  PAGE: shapeOf(literalMembers(property(page, 'page'))),
  WEBSITE: shapeOf(literalMembers(property(page, 'website'))),
  SETTINGS: shapeOf(literalMembers(property(page, 'websiteSettings'))),
  NAV_LINK: shapeOf(interfaceMembers('NavLink')),
  COLLECTION: shapeOf(interfaceMembers('CollectionContext')),
  ITEM: shapeOf(interfaceMembers('ItemContext')),
  IMAGE: shapeOf(interfaceMembers('ImageContext')),
  BLOCK: shapeOf(interfaceMembers('BlockContext')),
  COMMENT: shapeOf(interfaceMembers('CommentContext')),
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

describe('the template context contract is written once (types.ts) and checked everywhere else', () => {
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
