// Stage 2: parse one tag body into an instruction (or null: the tag is literal text).
import { Op, type Args, type FormatterCall, type Path } from './code.js'
import { ErrorCode } from './errors.js'
import { parsePath, wordEnd } from './names.js'

/**
 * A parsed tag: an instruction node (block openers SECTION/REPEATED/PREDICATE/IF/MACRO get their block and `next`
 * from the assembler; OR_PREDICATE continues the open block), a constant-text opcode, or one of the markers below.
 */
export type Parsed = unknown[] | number
export const P_END = -1
export const P_ALT = -2
export const P_EOF = -3

export interface ParseEnv {
  hasFormatter(name: string): boolean
  hasPredicate(name: string): boolean
  /** Report a parse error at `offset` characters into the tag body. */
  error(code: string, message: string, offset: number): void
  /** Validate an `.eval` expression (reports its own errors). */
  checkExpr?(expr: string, offset: number): void
}

export function isVariableName(s: string): boolean {
  return parsePath(s) !== null
}

/** "a.b.0" -> ["a", "b", 0] (for names already validated) */
export function splitPath(name: string): Path {
  return parsePath(name) ?? [name]
}

const NAME_RE = { test: isVariableName }

/** Split arguments: the first character of `rest` is the delimiter (runs of blanks count as one). */
export function parseArgs(rest: string): Args | undefined {
  const n = rest.length
  if (n === 0) return undefined
  const delim = rest[0]!
  const d = rest.charCodeAt(0)
  const blank = d === 32 || d === 9
  const parts: string[] = []
  let start = 1
  for (let i = 1; i <= n; i++) {
    if (i === n || rest.charCodeAt(i) === d) {
      if (!blank || i > start) parts.push(rest.slice(start, i))
      start = i + 1
    }
  }
  return [parts, delim]
}

/** Words separated by blanks. */
function words(s: string): string[] {
  const out: string[] = []
  let start = -1
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 32
    const sp = c === 32 || c === 9 || c === 10 || c === 13
    if (sp) {
      if (start >= 0) out.push(s.slice(start, i))
      start = -1
    } else if (start < 0) start = i
  }
  return out
}

/** Parse `name args|name args` formatter chain; returns undefined after reporting an error. */
function parseFormatters(chain: string[], env: ParseEnv, base: number): FormatterCall[] | undefined {
  const out: FormatterCall[] = []
  let offset = base
  for (const seg of chain) {
    const end = wordEnd(seg, 0, true)
    if (end === 0) {
      env.error(ErrorCode.INVALID_ARGUMENTS, `invalid formatter '${seg}'`, offset)
      return undefined
    }
    const name = end === seg.length ? seg : seg.slice(0, end)
    if (!env.hasFormatter(name)) {
      env.error(ErrorCode.UNKNOWN_FORMATTER, `unknown formatter '${name}'`, offset)
      return undefined
    }
    const args = parseArgs(seg.slice(name.length))
    out.push(args ? [name, args] : [name])
    offset += seg.length + 1
  }
  return out
}

/** `a, b|fmt args|fmt2` -> [VARIABLE, [paths], formatters|0]; null when not a variable reference. */
function parseVariable(body: string, env: ParseEnv): Parsed | null {
  const bar = body.indexOf('|')
  const headEnd = bar === -1 ? body.length : bar
  const paths: Path[] = []
  if (body.indexOf(',') === -1 || body.indexOf(',') > headEnd) {
    const p = parsePath(body, 0, headEnd)
    if (p === null) return null
    paths.push(p)
  } else {
    for (const n of body.slice(0, headEnd).split(',')) {
      const p = parsePath(n.trim())
      if (p === null) return null
      paths.push(p)
    }
  }
  let fmts: FormatterCall[] | 0 = 0
  if (bar !== -1) {
    const f = parseFormatters(body.slice(bar + 1).split('|'), env, bar + 1)
    if (!f) return [Op.TEXT, '']
    fmts = f.length ? f : 0
  }
  return [Op.VARIABLE, paths, fmts]
}

/** A predicate instruction; an unknown name is reported but kept, so the block structure stays intact. */
function predicateNode(op: number, word: string, rest: string, env: ParseEnv, off: number): unknown[] {
  if (!env.hasPredicate(word)) env.error(ErrorCode.UNKNOWN_PREDICATE, `unknown predicate '${word}'`, off)
  const args = parseArgs(rest)
  return [op, word, args ?? 0]
}

/** `.if a && b || c` -> [IF, ops, vars] (block and next added by the assembler) */
function parseIf(rest: string, env: ParseEnv, off: number): unknown[] | undefined {
  const tokens = words(rest)
  const ops: number[] = []
  const vars: Path[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    if (i % 2 === 1) {
      if (t === '&&') ops.push(1)
      else if (t === '||') ops.push(0)
      else {
        env.error(ErrorCode.INVALID_ARGUMENTS, `.if expects '&&' or '||', got '${t}'`, off)
        return undefined
      }
    } else {
      const p = parsePath(t)
      if (p !== null) {
        vars.push(p)
        continue
      }
      env.error(ErrorCode.INVALID_ARGUMENTS, `.if expects a variable, got '${t}'`, off)
      return undefined
    }
  }
  if (vars.length === 0 || vars.length !== ops.length + 1) {
    env.error(ErrorCode.INVALID_ARGUMENTS, '.if needs variables joined by && or ||', off)
    return undefined
  }
  return [Op.IF, ops, vars]
}

const KEYWORDS = [
  'section', 'repeated', 'end', 'alternates', 'or', 'if', 'var', 'ctx', 'inject', 'macro', 'include', 'eval',
  'meta-left', 'meta-right', 'newline', 'space', 'tab', 'eof',
]
/** keyword ids by first letter (no slicing or hashing of the tag text) */
const BY_LETTER = new Map<number, number[]>()
KEYWORDS.forEach((k, id) => {
  const c = k.charCodeAt(0)
  BY_LETTER.set(c, [...(BY_LETTER.get(c) ?? []), id])
})

/** The id of the keyword at body[1, end), or -1. */
function keyword(body: string, end: number): number {
  const ids = BY_LETTER.get(body.charCodeAt(1))
  if (ids === undefined) return -1
  for (const id of ids) {
    const k = KEYWORDS[id]!
    if (k.length === end - 1 && body.startsWith(k, 1)) return id
  }
  return -1
}

const END: Parsed = P_END
const BAD: Parsed = [Op.TEXT, '']

function needName(rest: string, what: string, env: ParseEnv, off: number): string | undefined {
  const v = rest.trim().split(/\s+/)[0] ?? ''
  if (v === '') env.error(ErrorCode.INVALID_ARGUMENTS, `${what} requires an argument`, off)
  return v === '' ? undefined : v
}

/** Parse one tag body (the text between the braces). */
export function parseTag(body: string, env: ParseEnv): Parsed | null {
  if (body.charCodeAt(0) !== 46 /* . */) return parseVariable(body, env)
  const wend = wordEnd(body, 1)
  if (wend === 1) return null
  const rest = wend === body.length ? '' : body.slice(wend)
  const off = wend
  if (body.charCodeAt(wend - 1) === 63 /* ? */) {
    return predicateNode(Op.PREDICATE, body.slice(1, wend), rest, env, 1)
  }
  if (rest !== '') {
    const c = rest.charCodeAt(0)
    if (c !== 32 && c !== 9) return null
  }
  switch (keyword(body, wend)) {
    case 0: { // section
      const path = parsePath(rest.trim())
      if (path === null) return env.error(ErrorCode.INVALID_ARGUMENTS, '.section requires a variable', off), BAD
      return [Op.SECTION, path]
    }
    case 1: { // repeated
      const w = words(rest)
      const path = w.length === 2 && w[0] === 'section' ? parsePath(w[1]!) : null
      if (path === null) {
        env.error(ErrorCode.INVALID_ARGUMENTS, '.repeated section requires a variable', off)
        return BAD
      }
      return [Op.REPEATED, path]
    }
    case 2: // end
      return rest === '' || rest.trim() === '' ? END : null
    case 3: // alternates
      return /^\s+with\s*$/.test(rest) ? P_ALT : null
    case 4: { // or
      const t = rest.trimStart()
      if (t === '') return [Op.OR_PREDICATE, 0, 0]
      const pe = wordEnd(t, 0)
      if (pe === 0 || t.charCodeAt(pe - 1) !== 63) return env.error(ErrorCode.INVALID_ARGUMENTS, '.or expects a predicate', off), BAD
      return predicateNode(Op.OR_PREDICATE, t.slice(0, pe), t.slice(pe), env, off)
    }
    case 5: { // if
      const t = rest.trimStart()
      const pe = wordEnd(t, 0)
      if (pe > 0 && t.charCodeAt(pe - 1) === 63 /* ? */) return predicateNode(Op.PREDICATE, t.slice(0, pe), t.slice(pe), env, off)
      const node = parseIf(t, env, off)
      return node ?? BAD
    }
    case 6: { // var
      const mm = /^\s+(@[\w@$-]+)\s+(.+)$/.exec(rest)
      const v = mm ? parseVariable(mm[2]!.trim(), env) : null
      if (!mm || !v || !Array.isArray(v)) {
        env.error(ErrorCode.INVALID_ARGUMENTS, '.var expects @name and a variable', off)
        return BAD
      }
      const node = v
      if (node[0] !== Op.VARIABLE) return BAD
      return [Op.BINDVAR, mm[1], node[1], node[2]]
    }
    case 7: { // ctx
      const parts = rest.trim().split(/\s+/)
      const name = parts.shift() ?? ''
      if (!/^@[\w@$-]+$/.test(name)) return env.error(ErrorCode.INVALID_ARGUMENTS, '.ctx expects @name', off), BAD
      const pairs: [string, Path][] = []
      for (const p of parts) {
        const eq = p.indexOf('=')
        if (eq <= 0 || !NAME_RE.test(p.slice(eq + 1))) {
          env.error(ErrorCode.INVALID_ARGUMENTS, `.ctx expects key=variable, got '${p}'`, off)
          return BAD
        }
        pairs.push([p.slice(0, eq), splitPath(p.slice(eq + 1))])
      }
      return [Op.CTXVAR, name, pairs]
    }
    case 8: { // inject
      const mm = /^\s+(@[\w@$-]+)\s+(\S+)(.*)$/.exec(rest)
      if (!mm) return env.error(ErrorCode.INVALID_ARGUMENTS, '.inject expects @name and a path', off), BAD
      return [Op.INJECT, mm[1], mm[2], parseArgs(mm[3]!) ?? 0]
    }
    case 9: { // macro
      const name = needName(rest, '.macro', env, off)
      return name ? [Op.MACRO, name] : BAD
    }
    case 10: { // include
      const t = rest.trimStart()
      const name = needName(t, '.include', env, off)
      if (!name) return BAD
      return [Op.INCLUDE, name, parseArgs(t.slice(name.length)) ?? [[], ' ']]
    }
    case 11: { // eval
      const expr = rest.trim()
      env.checkExpr?.(expr, off + (rest.length - rest.trimStart().length))
      return [Op.EVAL, expr]
    }
    case 12: // meta-left
      return rest === '' ? Op.META_LEFT : null
    case 13: // meta-right
      return rest === '' ? Op.META_RIGHT : null
    case 14: // newline
      return rest.trim() === '' ? Op.NEWLINE : null
    case 15: // space
      return rest.trim() === '' ? Op.SPACE : null
    case 16: // tab
      return rest.trim() === '' ? Op.TAB : null
    case 17: // eof
      return rest.trim() === '' ? P_EOF : null
    default:
      env.error(ErrorCode.UNKNOWN_INSTRUCTION, `unknown instruction '.${body.slice(1, wend)}'`, 0)
      return BAD
  }
}
