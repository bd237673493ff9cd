// Core formatters: generic text and JSON manipulation, macros/partials (`apply`).
import { ErrorCode } from '../errors.js'
import { argValue, keyValueArgs } from '../util/args.js'
import { formatPlaceholders, jsonForScript, slugify, smartypants, stripTags, truncate } from '../util/text.js'
import { escapeAttr, escapeHtml, isObject, toNumber, toText } from '../util/values.js'
import { step } from '../exec/resolve.js'
import type { Formatter, FormatterTable, PluginContext, Value } from './types.js'

/** A formatter that replaces the first variable with `fn(value, args, ctx)`. */
function map(fn: (v: Value, args: readonly string[], ctx: PluginContext) => Value): Formatter {
  return (vars, args, ctx) => {
    const first = vars[0]
    if (first) first.value = fn(first.value, args, ctx)
  }
}

/** A text formatter: missing/null stay empty. */
function text(fn: (s: string, args: readonly string[], ctx: PluginContext) => string): Formatter {
  return map((v, args, ctx) => (v === undefined || v === null ? '' : fn(toText(v), args, ctx)))
}

function descend(v: Value, key: Value): Value {
  if (Array.isArray(key)) {
    for (const k of key) {
      if (v === undefined) return undefined
      v = step(v, typeof k === 'number' ? k : toText(k))
    }
    return v
  }
  if (key === undefined || key === null) return undefined
  return step(v, typeof key === 'number' ? key : toText(key))
}

function splitDotted(p: string): (string | number)[] {
  return p.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s))
}

interface ApplyArgs {
  name: string | undefined
  opts: { args?: Record<string, string>; isolated: boolean }
}
const applyArgs = new WeakMap<readonly string[], ApplyArgs>()

/** `apply NAME [private] [key=value ...]` (parsed once per argument array) */
function parseApplyArgs(args: readonly string[]): ApplyArgs {
  let a = applyArgs.get(args)
  if (a === undefined) {
    const rest = args.slice(1)
    const kv = keyValueArgs(rest)
    a = { name: args[0], opts: kv ? { args: kv, isolated: rest.includes('private') } : { isolated: rest.includes('private') } }
    applyArgs.set(args, a)
  }
  return a
}

const apply: Formatter = (vars, args, ctx) => {
  const first = vars[0]
  if (!first) return
  const { name, opts } = parseApplyArgs(args)
  if (name === undefined) return
  first.value = ctx.renderPartial(name, first.value, opts) ?? ''
}

const pluralize: Formatter = map((v, args) => {
  const [singular, plural] = args.length >= 2 ? [args[0]!, args[1]!] : ['', args[0] ?? 's']
  return toNumber(v) === 1 ? singular : plural
})

const TWITTER_RE = /(^|[^\w@#])([@#])(\w+)/g

export const CORE_FORMATTERS: FormatterTable = {
  apply,
  AbsUrl: text((s, _a, ctx) => `${toText(ctx.resolve('base-url'))}/${s}`),
  absurl: text((s, _a, ctx) => `${toText(ctx.resolve('base-url'))}/${s}`),
  'activate-twitter-links': text((s) =>
    s.replace(TWITTER_RE, (_m, pre: string, sigil: string, name: string) =>
      sigil === '@'
        ? `${pre}<a target="new" href="https://twitter.com/${name}/">@${name}</a>`
        : `${pre}<a target="new" href="https://twitter.com/hashtag/${name}?src=hash">#${name}</a>`,
    ),
  ),
  capitalize: text((s) => s.toUpperCase()),
  count: map((v) => (Array.isArray(v) ? v.length : isObject(v) ? Object.keys(v).length : typeof v === 'string' ? v.length : 0)),
  cycle: map((v, args) => {
    if (args.length === 0) return ''
    const n = Math.trunc(toNumber(v))
    if (!Number.isFinite(n)) return ''
    const i = (((n - 1) % args.length) + args.length) % args.length
    return args[i]
  }),
  'encode-space': text((s) => s.replace(/ /g, '&nbsp;')),
  'encode-uri': text((s) => encodeURI(s)),
  'encode-uri-component': text((s) => encodeURIComponent(s)),
  'url-encode': text((s) => encodeURIComponent(s)),
  format: text((s, args, ctx) => formatPlaceholders(s, args.map((a) => toText(argValue(a, ctx))))),
  get: map((v, args, ctx) => {
    for (const a of args) {
      if (v === undefined) return undefined
      v = descend(v, ctx.resolve(a))
    }
    return v
  }),
  prop: map((v, args) => {
    for (const a of args) {
      for (const seg of splitDotted(a)) {
        if (v === undefined) return undefined
        v = step(v, seg)
      }
    }
    return v
  }),
  lookup: map((v, args, ctx) => (args[0] === undefined ? undefined : descend(v, ctx.resolve(args[0])))),
  'key-by': map((v, args) => {
    if (!Array.isArray(v) || args[0] === undefined) return undefined
    const path = splitDotted(args[0])
    const out: Record<string, Value> = {}
    for (const item of v) {
      let k: Value = item
      for (const seg of path) k = step(k, seg)
      if (k !== undefined && k !== null) out[toText(k)] = item
    }
    return out
  }),
  html: text((s) => escapeHtml(s)),
  htmlattr: text((s) => escapeAttr(s)),
  htmltag: text((s) => escapeAttr(s)),
  safe: text((s) => stripTags(s)),
  raw: map((v) => (v === undefined ? '' : JSON.stringify(v))),
  str: map((v) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? toText(v) : '')),
  json: map((v) => jsonForScript(v)),
  'json-pretty': map((v) => jsonForScript(v, 2)),
  truncate: text((s, args) => {
    const n = args[0] === undefined ? 100 : Number(args[0])
    return truncate(s, Number.isFinite(n) ? n : 100, args[1] ?? '...')
  }),
  slugify: text((s) => slugify(s)),
  smartypants: text((s) => smartypants(s)),
  iter: map((_v, _a, ctx) => toText(ctx.resolve('@index'))),
  mod: map((v, args) => {
    const d = args[0] === undefined ? 2 : Number(args[0])
    const n = toNumber(v)
    return Number.isFinite(n) && Number.isFinite(d) && d !== 0 ? n % d : ''
  }),
  round: map((v) => {
    const n = toNumber(v)
    return Number.isFinite(n) ? Math.round(n) : ''
  }),
  output: map((_v, args) => args.join(' ')),
  pluralize,
  // Names the reference engine leaves unimplemented: they print nothing. `datetimefield` is a fallback that a
  // family table may override (families are merged after core).
  datetimefield: map(() => ''),
  'units-metric?': (vars, _args, ctx) => {
    ctx.error(ErrorCode.NOT_IMPLEMENTED, "The 'units-metric?' formatter is not implemented")
    if (vars[0]) vars[0].value = ''
  },
}
