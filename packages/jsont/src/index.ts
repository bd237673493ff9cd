// Public API of @sitewright/jsont (curated; see ARCHITECTURE.md).
export type { RenderOptions } from './options.js'
export type { Formatter, Predicate, PluginContext, Value, Variable } from './plugins/index.js'
