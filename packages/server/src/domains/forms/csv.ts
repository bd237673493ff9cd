// CSV (RFC 4180: CRLF line ends, every field quoted, quotes doubled) safe to open in a spreadsheet: a cell that
// starts with = + - @ or a tab/carriage return is prefixed with an apostrophe so it is never run as a formula.

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return csvLine(header) + rows.map(csvLine).join('')
}
