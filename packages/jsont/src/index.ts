// Public API of @sitewright/jsont (curated; see ARCHITECTURE.md).
export { compile } from './compile.js'
export type { CompiledTemplate, CompileOptions } from './compile.js'
export { render } from './render.js'
export type { RenderInput, RenderResult } from './render.js'
export { ErrorCode } from './errors.js'
export type { TemplateError, ErrorStage } from './errors.js'
export type { RenderOptions } from './options.js'
export { DEFAULT_LIMITS, VARIABLE_INDEX_MAX } from './limits.js'
export { Lru, LRU_DEFAULT_CAPACITY } from './lru.js'
export type {
  Formatter,
  FormatterTable,
  PartialOptions,
  Predicate,
  PredicateTable,
  PluginContext,
  Value,
  Variable,
} from './plugins/index.js'
export { FORMATTERS, PREDICATES } from './plugins/index.js'
