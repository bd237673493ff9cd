import type { FormatterTable } from './types.js'

export const COMMERCE_FORMATTERS: FormatterTable = {}
