import type { FormatterTable } from './types.js'

export const DATE_FORMATTERS: FormatterTable = {}
