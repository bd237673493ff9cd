// The contract between the JSON-T executor and its plugins (formatters and predicates).
// Family files (formatters.<family>.ts, predicates.<family>.ts) export tables keyed by the template-language name.
import type { CLDR } from '@phensley/cldr'
import type { RenderOptions } from '../options.js'

/**
 * A value from the template data. Plain JSON values; `undefined` means "missing" (a lookup that found nothing),
 * which JSON-T distinguishes from `null`.
 */
export type Value = unknown

/** One variable of a `{a,b|fmt}` instruction. Formatters read `value` and replace it. */
export interface Variable {
  value: Value
}

/** What the executor offers to plugins while rendering. */
export interface PluginContext {
  /** The node the current scope points at (what `{@}` prints). */
  node(): Value
  /**
   * Resolve a name with JSON-T scoping: the first segment is searched from the current scope outwards to the root,
   * the rest descend from there. `'@'` is the current node. Returns `undefined` when missing.
   */
  resolve(path: string | readonly (string | number)[]): Value
  /** BCP 47 locale of this render ('en-US' default). 'none' = no locale data: i18n formatters print ''. */
  readonly locale: string
  /** CLDR API for the render's locale, created lazily on first use; undefined when the locale is 'none'. */
  cldr(): CLDR | undefined
  /** The render clock in epoch ms (for relative-time, timesince). */
  readonly now: number
  /** The render's options (limits, feature switches). */
  readonly options: Readonly<RenderOptions>
  /**
   * Render a JSON-T source (a plugin's own sub-template) with `node` as its root and the current render's partials,
   * options, locale and limits. The compiled form is cached by source text. Errors join this render's errors.
   */
  renderSource(source: string, node: Value): string
  /**
   * Render a partial or macro by name against `node`; undefined when no such partial exists (an error is recorded).
   * `opts.args` becomes `@args` inside it; `opts.isolated` stops name resolution at `node` (the `private` flag).
   */
  renderPartial(name: string, node: Value, opts?: PartialOptions): string | undefined
  /** Record an execute-stage error; rendering goes on. */
  error(code: string, message: string): void
}

/** Options of PluginContext.renderPartial (an extension of the original contract; all optional). */
export interface PartialOptions {
  args?: Record<string, string>
  isolated?: boolean
}

/** A formatter transforms `vars` in place (`vars[0]` is the main variable); `args` are its parsed arguments. */
export type Formatter = (vars: Variable[], args: readonly string[], ctx: PluginContext) => void

/** A predicate decides a `.section`-like block: `{.name? args}` / `{.or name? args}`. */
export type Predicate = (args: readonly string[], ctx: PluginContext) => boolean

export type FormatterTable = Readonly<Record<string, Formatter>>
export type PredicateTable = Readonly<Record<string, Predicate>>
