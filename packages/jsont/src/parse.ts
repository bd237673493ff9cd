// Stage 2: parse one tag body into an instruction (or null: the tag is literal text).
import { Op, type Args, type FormatterCall, type Path } from './code.js'
import { ErrorCode } from './errors.js'

export type Parsed =
  | { k: 'leaf'; node: unknown[] | number }
  | { k: 'open'; kind: 'section' | 'repeated' | 'predicate' | 'if' | 'macro'; node: unknown[] }
  | { k: 'or'; node: unknown[] }
  | { k: 'alt' }
  | { k: 'end' }
  | { k: 'eof' }

export interface ParseEnv {
  hasFormatter(name: string): boolean
  hasPredicate(name: string): boolean
  /** Report a parse error at `offset` characters into the tag body. */
  error(code: string, message: string, offset: number): void
  /** Validate an `.eval` expression (reports its own errors). */
  checkExpr?(expr: string, offset: number): void
}

const NAME_RE = /^(?:@|[@$A-Za-z_][\w@$-]*)(?:\.[\w@$-]+)*$/
const WORD_RE = /^[A-Za-z][\w-]*\??/
const FMT_NAME_RE = /^[A-Za-z_][\w-]*\??/

export function isVariableName(s: string): boolean {
  return NAME_RE.test(s)
}

/** "a.b.0" -> ["a", "b", 0] */
export function splitPath(name: string): Path {
  if (name.indexOf('.') === -1) return [name]
  const parts = name.split('.')
  const out: Path = []
  for (const p of parts) out.push(p !== '' && /^\d+$/.test(p) && p.length < 10 ? Number(p) : p)
  return out
}

/** Split arguments: the first character of `rest` is the delimiter. */
export function parseArgs(rest: string): Args | undefined {
  if (rest.length === 0) return undefined
  const delim = rest[0]!
  let parts = rest.slice(1).split(delim)
  if (delim === ' ' || delim === '\t') parts = parts.filter((p) => p !== '')
  return [parts, delim]
}

/** Parse `name args|name args` formatter chain; returns undefined after reporting an error. */
function parseFormatters(chain: string[], env: ParseEnv, base: number): FormatterCall[] | undefined {
  const out: FormatterCall[] = []
  let offset = base
  for (const seg of chain) {
    const m = FMT_NAME_RE.exec(seg)
    if (!m) {
      env.error(ErrorCode.INVALID_ARGUMENTS, `invalid formatter '${seg}'`, offset)
      return undefined
    }
    const name = m[0]
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
  const head = bar === -1 ? body : body.slice(0, bar)
  const names = head.split(',')
  const paths: Path[] = []
  for (let i = 0; i < names.length; i++) {
    const n = names.length === 1 ? head : names[i]!.trim()
    if (!NAME_RE.test(n)) return null
    paths.push(splitPath(n))
  }
  let fmts: FormatterCall[] | 0 = 0
  if (bar !== -1) {
    const f = parseFormatters(body.slice(bar + 1).split('|'), env, bar + 1)
    if (!f) return { k: 'leaf', node: [Op.TEXT, ''] }
    fmts = f.length ? f : 0
  }
  return { k: 'leaf', node: [Op.VARIABLE, paths, fmts] }
}

/** A predicate instruction; an unknown name is reported but kept, so the block structure stays intact. */
function predicateNode(op: number, word: string, rest: string, env: ParseEnv, off: number): unknown[] {
  if (!env.hasPredicate(word)) env.error(ErrorCode.UNKNOWN_PREDICATE, `unknown predicate '${word}'`, off)
  const args = parseArgs(rest)
  return [op, word, args ?? 0]
}

/** `.if a && b || c` -> [IF, ops, vars] (block and next added by the assembler) */
function parseIf(rest: string, env: ParseEnv, off: number): unknown[] | undefined {
  const tokens = rest.trim().split(/\s+/)
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
    } else if (NAME_RE.test(t)) vars.push(splitPath(t))
    else {
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

const BAD: Parsed = { k: 'leaf', node: [Op.TEXT, ''] }

function needName(rest: string, what: string, env: ParseEnv, off: number): string | undefined {
  const v = rest.trim().split(/\s+/)[0] ?? ''
  if (v === '') env.error(ErrorCode.INVALID_ARGUMENTS, `${what} requires an argument`, off)
  return v === '' ? undefined : v
}

/** Parse one tag body (the text between the braces). */
export function parseTag(body: string, env: ParseEnv): Parsed | null {
  if (body.charCodeAt(0) !== 46 /* . */) return parseVariable(body, env)
  const m = WORD_RE.exec(body.slice(1))
  if (!m) return null
  const word = m[0]
  const rest = body.slice(1 + word.length)
  const off = 1 + word.length
  if (word.endsWith('?')) {
    return { k: 'open', kind: 'predicate', node: predicateNode(Op.PREDICATE, word, rest, env, 1) }
  }
  if (rest !== '' && !/^\s/.test(rest) && !['meta-left', 'meta-right'].includes(word)) return null
  switch (word) {
    case 'section': {
      const p = rest.trim()
      if (!NAME_RE.test(p)) return env.error(ErrorCode.INVALID_ARGUMENTS, '.section requires a variable', off), BAD
      return { k: 'open', kind: 'section', node: [Op.SECTION, splitPath(p)] }
    }
    case 'repeated': {
      const mm = /^\s+section\s+(\S+)\s*$/.exec(rest)
      if (!mm || !NAME_RE.test(mm[1]!)) {
        env.error(ErrorCode.INVALID_ARGUMENTS, '.repeated section requires a variable', off)
        return BAD
      }
      return { k: 'open', kind: 'repeated', node: [Op.REPEATED, splitPath(mm[1]!)] }
    }
    case 'end':
      return rest.trim() === '' ? { k: 'end' } : null
    case 'alternates':
      return /^\s+with\s*$/.test(rest) ? { k: 'alt' } : null
    case 'or': {
      const t = rest.trimStart()
      if (t === '') return { k: 'or', node: [Op.OR_PREDICATE, 0, 0] }
      const pm = /^[A-Za-z][\w-]*\?/.exec(t)
      if (!pm) return env.error(ErrorCode.INVALID_ARGUMENTS, '.or expects a predicate', off), BAD
      return { k: 'or', node: predicateNode(Op.OR_PREDICATE, pm[0], t.slice(pm[0].length), env, off) }
    }
    case 'if': {
      const t = rest.trimStart()
      const pm = /^[A-Za-z][\w-]*\?/.exec(t)
      if (pm) {
        return { k: 'open', kind: 'predicate', node: predicateNode(Op.PREDICATE, pm[0], t.slice(pm[0].length), env, off) }
      }
      const node = parseIf(t, env, off)
      return node ? { k: 'open', kind: 'if', node } : BAD
    }
    case 'var': {
      const mm = /^\s+(@[\w@$-]+)\s+(.+)$/.exec(rest)
      const v = mm ? parseVariable(mm[2]!.trim(), env) : null
      if (!mm || !v || v.k !== 'leaf') {
        env.error(ErrorCode.INVALID_ARGUMENTS, '.var expects @name and a variable', off)
        return BAD
      }
      const node = v.node as unknown[]
      if (node[0] !== Op.VARIABLE) return BAD
      return { k: 'leaf', node: [Op.BINDVAR, mm[1], node[1], node[2]] }
    }
    case 'ctx': {
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
      return { k: 'leaf', node: [Op.CTXVAR, name, pairs] }
    }
    case 'inject': {
      const mm = /^\s+(@[\w@$-]+)\s+(\S+)(.*)$/.exec(rest)
      if (!mm) return env.error(ErrorCode.INVALID_ARGUMENTS, '.inject expects @name and a path', off), BAD
      return { k: 'leaf', node: [Op.INJECT, mm[1], mm[2], parseArgs(mm[3]!) ?? 0] }
    }
    case 'macro': {
      const name = needName(rest, '.macro', env, off)
      return name ? { k: 'open', kind: 'macro', node: [Op.MACRO, name] } : BAD
    }
    case 'include': {
      const t = rest.trimStart()
      const name = needName(t, '.include', env, off)
      if (!name) return BAD
      return { k: 'leaf', node: [Op.INCLUDE, name, parseArgs(t.slice(name.length)) ?? [[], ' ']] }
    }
    case 'eval': {
      const expr = rest.trim()
      env.checkExpr?.(expr, off + (rest.length - rest.trimStart().length))
      return { k: 'leaf', node: [Op.EVAL, expr] }
    }
    case 'meta-left':
      return rest === '' ? { k: 'leaf', node: Op.META_LEFT } : null
    case 'meta-right':
      return rest === '' ? { k: 'leaf', node: Op.META_RIGHT } : null
    case 'newline':
      return rest.trim() === '' ? { k: 'leaf', node: Op.NEWLINE } : null
    case 'space':
      return rest.trim() === '' ? { k: 'leaf', node: Op.SPACE } : null
    case 'tab':
      return rest.trim() === '' ? { k: 'leaf', node: Op.TAB } : null
    case 'eof':
      return rest.trim() === '' ? { k: 'eof' } : null
    default:
      env.error(ErrorCode.UNKNOWN_INSTRUCTION, `unknown instruction '.${word}'`, 0)
      return BAD
  }
}
