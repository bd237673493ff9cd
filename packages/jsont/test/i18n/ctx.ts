// A small PluginContext for calling the i18n and date formatters directly (no engine): a root node with plain
// dotted-path resolution, a locale, a clock and an error list.
import type { CLDR } from '@phensley/cldr'
import { getCldr } from '../../src/plugins/i18n/cldr.js'
import type { Formatter, PluginContext } from '../../src/plugins/types.js'

export interface TestCtx extends PluginContext {
  errors: { code: string; message: string }[]
}

function walk(root: unknown, path: readonly (string | number)[]): unknown {
  let v: unknown = root
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<string, unknown>)[String(seg)]
  }
  return v
}

export function testCtx(root: unknown, locale = 'en-US', now = 0): TestCtx {
  const errors: { code: string; message: string }[] = []
  let cldr: CLDR | undefined | null = null
  return {
    errors,
    locale,
    now,
    options: {},
    node: () => root,
    resolve: (path) => {
      if (path === '@') return root
      return walk(root, typeof path === 'string' ? path.split('.') : path)
    },
    cldr: () => {
      if (cldr === null) cldr = getCldr(locale)
      return cldr
    },
    renderSource: () => '',
    renderPartial: () => undefined,
    error: (code, message) => {
      errors.push({ code, message })
    },
  }
}

/** Applies a formatter to one or more values and returns the first variable's result. */
export function apply(
  fmt: Formatter | undefined,
  values: unknown[],
  args: string[],
  ctx: PluginContext,
): unknown {
  if (!fmt) throw new Error('formatter missing')
  const vars = values.map((value) => ({ value }))
  fmt(vars, args, ctx)
  return vars[0]!.value
}
