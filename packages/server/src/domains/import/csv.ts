// Product CSVs (Shopify, WooCommerce) read as a stream with csv-parse: the header row is checked against the columns
// the kind of file must have (missing ones named), then each row is handed over with its line, awaited before more
// of the file is read. A file that is not CSV at all (XML, JSON) or not this platform's export is refused by name.
import { once } from 'node:events'
import { parse, CsvError } from 'csv-parse'
import { ImportFailure } from './errors.js'

export interface CsvRow {
  /** The line of the file the row ends on (1-based; the header is line 1). */
  line: number
  get(column: string): string
  has(column: string): boolean
}

export interface CsvShape {
  /** The platform's name, for messages ('Shopify'). */
  platform: string
  /** Columns the file must have (compared without case). */
  required: readonly string[]
  /** Columns another platform's export has and this one never does: a sign the owner picked the wrong platform. */
  otherPlatform?: { name: string; columns: readonly string[] }
}

const norm = (s: string) => s.trim().toLowerCase()

/**
 * Streams the rows of `source` to `onRow` (awaited). Throws ImportFailure: `wrong_kind` (not CSV, or another
 * platform's export), `missing_columns` (naming them, line 1), `malformed` (a CSV error naming the line). Answers the
 * header as written.
 */
export async function readCsv(source: AsyncIterable<Buffer | string>, shape: CsvShape, onRow: (row: CsvRow, header: string[]) => Promise<void> | void): Promise<string[]> {
  let header: string[] | null = null
  let index = new Map<string, number>()
  let first = true
  async function* sniffed() {
    for await (const chunk of source) {
      if (first) {
        const head = (typeof chunk === 'string' ? chunk : chunk.subarray(0, 64).toString('utf8')).replace(/^\uFEFF/, '').trimStart()
        if (head) {
          first = false
          if (head.startsWith('<')) throw new ImportFailure('wrong_kind', `This is not a ${shape.platform} product CSV: the file is XML (it starts with ${JSON.stringify(head.slice(0, 20))}, line 1). A WordPress or Squarespace export is imported as WordPress.`, 1)
          if (head.startsWith('{') || head.startsWith('[')) throw new ImportFailure('wrong_kind', `This is not a ${shape.platform} product CSV: the file is JSON (line 1). A Ghost export is imported as Ghost.`, 1)
        }
      }
      yield chunk
    }
  }
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true })
  // fed by hand (not piped) so that a refusal while reading reaches the rows' loop; written as it is read
  const stop = new AbortController()
  const feeding = (async () => {
    try {
      for await (const chunk of sniffed()) {
        if (stop.signal.aborted) return
        if (!parser.write(chunk)) await once(parser, 'drain', { signal: stop.signal })
      }
      parser.end()
    } catch (e) {
      if (!stop.signal.aborted) parser.destroy(e instanceof Error ? e : new Error(String(e)))
    }
  })()
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = record.map((h) => h.trim())
        index = new Map(header.map((h, i) => [norm(h), i]))
        const missing = shape.required.filter((c) => !index.has(norm(c)))
        if (missing.length) {
          const other = shape.otherPlatform
          if (other && other.columns.every((c) => index.has(norm(c)))) {
            throw new ImportFailure('wrong_kind', `This looks like a ${other.name} product CSV, not a ${shape.platform} one (its columns ${other.columns.join(', ')} are ${other.name}'s). Choose ${other.name} as the platform.`, 1)
          }
          throw new ImportFailure('missing_columns', `This ${shape.platform} product CSV lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (line 1 names the columns).`, 1)
        }
        continue
      }
      const cells = record
      const row: CsvRow = {
        line: info.lines,
        get: (column) => {
          const i = index.get(norm(column))
          return i === undefined ? '' : (cells[i] ?? '').trim()
        },
        has: (column) => index.has(norm(column)),
      }
      await onRow(row, header)
    }
  } catch (e) {
    if (e instanceof ImportFailure) throw e
    if (e instanceof CsvError) {
      const line = (e as CsvError & { lines?: number }).lines
      throw new ImportFailure('malformed', `The file is not well-formed CSV${line ? ` at line ${line}` : ''}: ${e.message}`, line)
    }
    throw e
  } finally {
    stop.abort()
    parser.destroy()
    await feeding
  }
  if (!header) throw new ImportFailure('wrong_kind', `This is not a ${shape.platform} product CSV: the file is empty.`)
  return header
}

/**
 * A price as written in an export ("19.99", "1,299.00", "19,99", "$5") in minor units; null when empty. Throws
 * ImportFailure naming the line and column when it is not a price.
 */
export function priceCents(text: string, line: number, column: string): number | null {
  // a currency sign or code before or after the figure ("$5", "5 EUR") is left out
  const t = text.replace(/[\s\u00a0]/g, '').replace(/^(?:[$\u20ac\u00a3\u00a5]|[A-Z]{3})(?=\d)|(?<=\d)(?:[$\u20ac\u00a3\u00a5]|[A-Z]{3})$/g, '')
  if (!t) return null
  let n: string
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) n = t.replace(/,/g, '')
  else if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(t)) n = t.replace(/\./g, '').replace(',', '.')
  else if (/^\d+,\d{1,2}$/.test(t)) n = t.replace(',', '.')
  else n = t
  if (!/^\d+(\.\d+)?$/.test(n)) throw new ImportFailure('bad_row', `Line ${line}: ${column} “${text}” is not a price.`, line)
  const cents = Math.round(Number(n) * 100)
  if (cents > 100_000_000) throw new ImportFailure('bad_row', `Line ${line}: ${column} “${text}” is larger than 1,000,000.`, line)
  return cents
}

/** A whole number of units as written ("12", "-3", "12.0"); null when empty; throws naming the line otherwise. */
export function quantity(text: string, line: number, column: string): number | null {
  const t = text.trim()
  if (!t) return null
  if (!/^-?\d+(\.0+)?$/.test(t)) throw new ImportFailure('bad_row', `Line ${line}: ${column} “${text}” is not a whole number.`, line)
  return Math.max(0, Math.min(10_000_000, Math.trunc(Number(t))))
}

/** A list cell ("a, b, c"); WooCommerce escapes a comma inside a name as "\,". */
export function listCell(text: string): string[] {
  return text
    .split(/(?<!\\),/)
    .map((s) => s.replace(/\\,/g, ',').trim())
    .filter(Boolean)
}
