// ICU-style messages (`message` and `plural` formatters) on @phensley/messageformat, as CLDR's General API builds
// it: plural, selectordinal and select come with it; the placeholder formatters below add number, money, date,
// interval and unit arguments. A formatter is created per locale only when a template first formats a message.
// One rule is the reference's, not the library's: a plural or selectordinal whose category has no branch prints
// nothing (the library falls back to `other`): 'you have {0} item{0 plural other{s}}' reads '1 item' for 1.
import { buildMessageMatcher, DefaultMessageArgConverter, MessageEngine, parseMessagePattern } from '@phensley/cldr'
import type { CLDR, MessageCode, MessageFormatFuncMap, MessageMatcher } from '@phensley/cldr'
import { Lru } from '../../lru.js'
import type { PluginContext } from '../types.js'
import { I18nErrorCode } from './codes.js'
import { formatDateTime, formatInterval, resolveZone, toEpoch, zoned } from './dates.js'
import { readMoney } from '../commerce/money.js'
import { formatMoney } from './money.js'
import { currencyOptions, decimalOptions } from './options.js'
import { formatUnit, joinListOptions } from './units.js'

/** Message cache: 100 parsed messages kept per locale. */
export const MESSAGE_CACHE_SIZE = 100

/** Per-call state the placeholder formatters read (the render's time zone). */
interface CallState {
  zone: string
}

interface Entry {
  formatters: MessageFormatFuncMap
  matcher: MessageMatcher
  parsed: Lru<string, MessageCode>
  state: CallState
}

const converter = new DefaultMessageArgConverter()
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const
const EMPTY: MessageCode = [4 /* BLOCK */, []] as unknown as MessageCode

/** Gives every plural and selectordinal an empty branch for each category it lacks (no fallback to `other`). */
function withoutOtherFallback(code: MessageCode): MessageCode {
  const op = code as unknown as unknown[]
  switch (op[0]) {
    case 4 /* BLOCK */:
      for (const c of op[1] as MessageCode[]) withoutOtherFallback(c)
      break
    case 2 /* PLURAL */: {
      const choices = op[4] as [number, string, MessageCode][]
      for (const c of choices) withoutOtherFallback(c[2])
      const named = new Set(choices.filter((c) => c[0] === 1 /* CATEGORY */).map((c) => c[1]))
      for (const cat of CATEGORIES) if (!named.has(cat)) choices.push([1, cat, EMPTY])
      break
    }
    case 3 /* SELECT */:
      for (const c of op[2] as [string, MessageCode][]) withoutOtherFallback(c[1])
      break
  }
  return code
}

const entries = new WeakMap<CLDR, Entry>()

function placeholders(cldr: CLDR, state: CallState): MessageFormatFuncMap {
  const decimal = (args: unknown[], options: string[]): string => {
    const v = args[0]
    if (typeof v !== 'number' && typeof v !== 'string') return ''
    try {
      return cldr.Numbers.formatDecimal(typeof v === 'string' ? v.trim() : v, decimalOptions(options))
    } catch {
      return ''
    }
  }
  const money = (args: unknown[], options: string[]): string => {
    const m = readMoney(args[0], { requireCurrency: true })
    return m ? formatMoney(cldr, m.amount.toString(), m.currency, currencyOptions(options)) : ''
  }
  const datetime = (args: unknown[], options: string[]): string => {
    const ms = toEpoch(args[0])
    return ms === undefined ? '' : formatDateTime(cldr, zoned(ms, state.zone), options)
  }
  const interval = (args: unknown[], options: string[]): string => {
    const s = toEpoch(args[0])
    const e = toEpoch(args[1])
    if (s === undefined || e === undefined) return ''
    return formatInterval(cldr, zoned(s, state.zone), zoned(e, state.zone), options)
  }
  const unit = (args: unknown[], options: string[]): string =>
    formatUnit(cldr, args[0], joinListOptions(options))
  return {
    decimal,
    number: decimal,
    money,
    currency: money,
    datetime,
    'datetime-interval': interval,
    unit,
  }
}

function entry(cldr: CLDR): Entry {
  let e = entries.get(cldr)
  if (!e) {
    const state: CallState = { zone: '' }
    const formatters = placeholders(cldr, state)
    e = { formatters, matcher: buildMessageMatcher(Object.keys(formatters)), parsed: new Lru(MESSAGE_CACHE_SIZE), state }
    entries.set(cldr, e)
  }
  return e
}

function parsed(e: Entry, message: string): MessageCode {
  let code = e.parsed.get(message)
  if (code === undefined) {
    code = withoutOtherFallback(parseMessagePattern(message, e.matcher))
    e.parsed.set(message, code)
  }
  return code
}

const NAMED_ARG = /^([A-Za-z_][\w-]*)[=:](.+)$/

/**
 * Builds the arguments of a message from formatter arguments: each argument is a path resolved in the template
 * data and takes the next positional index; `name=path` (or `name:path`) also binds `{name}`.
 */
export function messageArgs(
  args: readonly string[],
  ctx: PluginContext,
): { positional: unknown[]; named: Record<string, unknown> } {
  const positional: unknown[] = []
  const named: Record<string, unknown> = {}
  for (const arg of args) {
    const m = NAMED_ARG.exec(arg)
    const value = ctx.resolve(m ? m[2]! : arg)
    positional.push(value)
    if (m) named[m[1]!] = value
  }
  return { positional, named }
}

/** Formats `message` with the arguments; '' without locale data. Errors in the message become ctx errors. */
export function formatMessage(
  cldr: CLDR,
  ctx: PluginContext,
  message: string,
  args: readonly string[],
): string {
  const e = entry(cldr)
  const { positional, named } = messageArgs(args, ctx)
  e.state.zone = resolveZone(ctx, cldr)
  try {
    return new MessageEngine(cldr.General.bundle().plurals(), converter, e.formatters, parsed(e, message)).evaluate(positional, named)
  } catch (e) {
    ctx.error(I18nErrorCode.MESSAGE_FAILED, `Message could not be formatted: ${(e as Error).message}`)
    return ''
  }
}
