// The owner's CSV export of reviews (RFC 4180 quoting; cells that a spreadsheet would run as a formula are
// prefixed with a quote).
import type { ReviewRow } from './schema.js'

const COLUMNS = ['id', 'productId', 'importedProductName', 'starRating', 'text', 'userName', 'userFirstName', 'userLastName', 'sourceType', 'status', 'verifiedPurchase', 'reply', 'reviewDate'] as const

export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v)
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function toCsv(rows: readonly ReviewRow[]): string {
  const lines = [COLUMNS.join(',')]
  for (const r of rows) lines.push(COLUMNS.map((c) => csvCell(r[c])).join(','))
  return lines.join('\r\n') + '\r\n'
}
