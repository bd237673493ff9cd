// The plugin registry: every family's table merged under its template-language name.
import { CORE_FORMATTERS } from './formatters.core.js'
import { COMMERCE_FORMATTERS } from './formatters.commerce.js'
import { CONTENT_FORMATTERS } from './formatters.content.js'
import { SOCIAL_FORMATTERS } from './formatters.social.js'
import { I18N_FORMATTERS } from './formatters.i18n.js'
import { DATE_FORMATTERS } from './formatters.date.js'
import { CORE_PREDICATES } from './predicates.core.js'
import { COMMERCE_PREDICATES } from './predicates.commerce.js'
import { CONTENT_PREDICATES } from './predicates.content.js'
import { I18N_PREDICATES } from './i18n/predicates.js'
import type { FormatterTable, PredicateTable } from './types.js'

export const FORMATTERS: FormatterTable = Object.freeze({
  ...CORE_FORMATTERS,
  ...COMMERCE_FORMATTERS,
  ...CONTENT_FORMATTERS,
  ...SOCIAL_FORMATTERS,
  ...I18N_FORMATTERS,
  ...DATE_FORMATTERS,
})

export const PREDICATES: PredicateTable = Object.freeze({
  ...CORE_PREDICATES,
  ...COMMERCE_PREDICATES,
  ...CONTENT_PREDICATES,
  ...I18N_PREDICATES,
})

export type { Formatter, FormatterTable, PartialOptions, PluginContext, Predicate, PredicateTable, Value, Variable } from './types.js'
