// Stage 2: parse one tag body into an instruction (or null: the tag is literal text).
import { Op, type FormatterCall, type Path } from './code.js'
import { ErrorCode } from './errors.js'
import { parsePath, wordEnd } from './names.js'
import { indexIn, isBlank, parseArgs, skipSpace, trimEnd, words } from './tag-text.js'

/**
 * A parsed tag: an instruction node (block openers SECTION/REPEATED/PREDICATE/IF/MACRO come at their final length
 * with 0 in the block and `next` slots, which the assembler fills; OR_PREDICATE continues the open block), a
 * constant-text opcode, or one of the markers below.
 */
export type Parsed = unknown[] | number
export const P_END = -1
export const P_ALT = -2
export const P_EOF = -3

export interface ParseEnv {
  /** The known formatter named by s[start, end) (as a string the registry holds), or undefined. */
  formatter(s: string, start: number, end: number): string | undefined
  /** The known predicate named by s[start, end), or undefined. */
  predicate(s: string, start: number, end: number): string | undefined
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

/**
 * Parse the `name args|name args` formatter chain in s[from, to); undefined after reporting an error.
 * Error offsets are relative to `t0` (the start of the tag body).
 */
function parseFormatters(s: string, from: number, to: number, env: ParseEnv, t0: number): FormatterCall[] | undefined {
  const out: FormatterCall[] = []
  let start = from
  for (;;) {
    let stop = indexIn(s, 124 /* | */, start, to)
    if (stop === -1) stop = to
    const end = wordEnd(s, start, true, stop)
    if (end === start) {
      env.error(ErrorCode.INVALID_ARGUMENTS, `invalid formatter '${s.slice(start, stop)}'`, start - t0)
      return undefined
    }
    const name = env.formatter(s, start, end)
    if (name === undefined) {
      env.error(ErrorCode.UNKNOWN_FORMATTER, `unknown formatter '${s.slice(start, end)}'`, start - t0)
      return undefined
    }
    const args = parseArgs(s, end, stop)
    out.push(args ? [name, args] : [name])
    if (stop === to) return out
    start = stop + 1
  }
}

/** `a, b|fmt args|fmt2` in s[from, to) -> [VARIABLE, [paths], formatters|0]; null when not a variable reference. */
function parseVariable(s: string, from: number, to: number, env: ParseEnv, t0: number): Parsed | null {
  const bar = indexIn(s, 124 /* | */, from, to)
  const headEnd = bar === -1 ? to : bar
  const paths: Path[] = []
  if (indexIn(s, 44 /* , */, from, headEnd) === -1) {
    const p = parsePath(s, from, headEnd)
    if (p === null) return null
    paths.push(p)
  } else {
    for (const n of s.slice(from, headEnd).split(',')) {
      const p = parsePath(n.trim())
      if (p === null) return null
      paths.push(p)
    }
  }
  let fmts: FormatterCall[] | 0 = 0
  if (bar !== -1) {
    const f = parseFormatters(s, bar + 1, to, env, t0)
    if (!f) return [Op.TEXT, '']
    fmts = f.length ? f : 0
  }
  return [Op.VARIABLE, paths, fmts]
}

/**
 * A predicate instruction for the name at s[start, end) and the arguments in s[end, to); an unknown name is reported
 * but kept, so the block structure stays intact.
 */
function predicateNode(op: number, s: string, start: number, end: number, to: number, env: ParseEnv, off: number): unknown[] {
  let word = env.predicate(s, start, end)
  if (word === undefined) {
    word = s.slice(start, end)
    env.error(ErrorCode.UNKNOWN_PREDICATE, `unknown predicate '${word}'`, off)
  }
  const args = parseArgs(s, end, to)
  return [op, word, args ?? 0, 0, 0]
}

/** `.if a && b || c` in body[from, n) -> [IF, ops, vars] (block and next added by the assembler) */
function parseIf(body: string, from: number, n: number, env: ParseEnv, off: number): unknown[] | undefined {
  const ops: number[] = []
  const vars: Path[] = []
  let i = 0
  for (let a = from; ; i++) {
    while (a < n && isBlank(body.charCodeAt(a))) a++
    if (a >= n) break
    let b = a
    while (b < n && !isBlank(body.charCodeAt(b))) b++
    if (i % 2 === 1) {
      const c = body.charCodeAt(a)
      if (b - a === 2 && c === 38 && body.charCodeAt(a + 1) === 38) ops.push(1)
      else if (b - a === 2 && c === 124 && body.charCodeAt(a + 1) === 124) ops.push(0)
      else {
        env.error(ErrorCode.INVALID_ARGUMENTS, `.if expects '&&' or '||', got '${body.slice(a, b)}'`, off)
        return undefined
      }
    } else {
      const p = parsePath(body, a, b)
      if (p === null) {
        env.error(ErrorCode.INVALID_ARGUMENTS, `.if expects a variable, got '${body.slice(a, b)}'`, off)
        return undefined
      }
      vars.push(p)
    }
    a = b
  }
  if (vars.length === 0 || vars.length !== ops.length + 1) {
    env.error(ErrorCode.INVALID_ARGUMENTS, '.if needs variables joined by && or ||', off)
    return undefined
  }
  return [Op.IF, ops, vars, 0, 0]
}

const KEYWORDS = [
  'section', 'repeated', 'end', 'alternates', 'or', 'if', 'var', 'ctx', 'inject', 'macro', 'include', 'eval',
  'meta-left', 'meta-right', 'newline', 'space', 'tab', 'eof',
]
/** keyword ids by first letter (no slicing or hashing of the tag text) */
const BY_LETTER: (number[] | undefined)[] = []
KEYWORDS.forEach((k, id) => {
  const c = k.charCodeAt(0)
  BY_LETTER[c] = [...(BY_LETTER[c] ?? []), id]
})

/** The id of the keyword at s[start, end), or -1. */
function keyword(s: string, start: number, end: number): number {
  const ids = BY_LETTER[s.charCodeAt(start)]
  if (ids === undefined) return -1
  const len = end - start
  for (let i = 0; i < ids.length; i++) {
    const k = KEYWORDS[ids[i]!]!
    if (k.length !== len) continue
    let j = 1 // the first letter already matched
    while (j < len && k.charCodeAt(j) === s.charCodeAt(start + j)) j++
    if (j === len) return ids[i]!
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
  return parseTagAt(body, 0, body.length, env)
}

/**
 * Parse the tag body s[t0, t1) in place (the scanner passes the whole source and the body's bounds); error offsets
 * are relative to t0.
 */
export function parseTagAt(s: string, t0: number, t1: number, env: ParseEnv): Parsed | null {
  if (s.charCodeAt(t0) !== 46 /* . */) return parseVariable(s, t0, t1, env, t0)
  const wend = wordEnd(s, t0 + 1, false, t1)
  if (wend === t0 + 1) return null
  const off = wend - t0
  if (s.charCodeAt(wend - 1) === 63 /* ? */) return predicateNode(Op.PREDICATE, s, t0 + 1, wend, t1, env, 1)
  if (wend < t1) {
    const c = s.charCodeAt(wend)
    if (c !== 32 && c !== 9) return null
  }
  const id = keyword(s, t0 + 1, wend)
  // the frequent instructions are read in place; the rest from the text after the keyword
  switch (id) {
    case 0: { // section
      const a = skipSpace(s, wend, t1)
      const path = parsePath(s, a, trimEnd(s, a, t1))
      if (path === null) return env.error(ErrorCode.INVALID_ARGUMENTS, '.section requires a variable', off), BAD
      return [Op.SECTION, path, 0, 0]
    }
    case 2: // end
      return skipSpace(s, wend, t1) === t1 ? END : null
    case 4: { // or
      const a = skipSpace(s, wend, t1)
      if (a === t1) return [Op.OR_PREDICATE, 0, 0, 0, 0]
      const pe = wordEnd(s, a, false, t1)
      if (pe === a || s.charCodeAt(pe - 1) !== 63) return env.error(ErrorCode.INVALID_ARGUMENTS, '.or expects a predicate', off), BAD
      return predicateNode(Op.OR_PREDICATE, s, a, pe, t1, env, off)
    }
    case 5: { // if
      const a = skipSpace(s, wend, t1)
      const pe = wordEnd(s, a, false, t1)
      if (pe > a && s.charCodeAt(pe - 1) === 63 /* ? */) return predicateNode(Op.PREDICATE, s, a, pe, t1, env, off)
      return parseIf(s, a, t1, env, off) ?? BAD
    }
  }
  return parseKeyword(id, s.slice(t0, t1), wend === t1 ? '' : s.slice(wend, t1), env, off)
}

/** The less frequent instructions, from `rest` (the text after the keyword). */
function parseKeyword(id: number, body: string, rest: string, env: ParseEnv, off: number): Parsed | null {
  switch (id) {
    case 1: { // repeated
      const w = words(rest)
      const path = w.length === 2 && w[0] === 'section' ? parsePath(w[1]!) : null
      if (path === null) {
        env.error(ErrorCode.INVALID_ARGUMENTS, '.repeated section requires a variable', off)
        return BAD
      }
      return [Op.REPEATED, path, 0, 0, 0]
    }
    case 3: // alternates
      return /^\s+with\s*$/.test(rest) ? P_ALT : null
    case 6: { // var
      const mm = /^\s+(@[\w@$-]+)\s+(.+)$/.exec(rest)
      const expr = mm ? mm[2]!.trim() : ''
      const v = mm ? parseVariable(expr, 0, expr.length, env, 0) : null
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
      return name ? [Op.MACRO, name, 0] : BAD
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
      env.error(ErrorCode.UNKNOWN_INSTRUCTION, `unknown instruction '.${body.slice(1, off)}'`, 0)
      return BAD
  }
}
