import type { FormatterTable } from './types.js'

export const CORE_FORMATTERS: FormatterTable = {}
