// Chart data entry: a grid of text cells (column names across, one labelled row per data series point) checked
// and turned into the chart block value `{ columns, rows: [{ label, values }], max }`.

import { CHART_MAX_COLUMNS, CHART_MAX_ROWS } from '@sitewright/contracts'

export const MAX_ROWS = CHART_MAX_ROWS
export const MAX_COLUMNS = CHART_MAX_COLUMNS

export const CHART_MESSAGES = {
  empty: 'Enter some data!',
  missing: 'One or more rows was missing data',
} as const

export interface ChartDraft {
  columns: string[]
  rows: { label: string; cells: string[] }[]
}

export interface ChartData {
  columns: string[]
  rows: { label: string; values: number[] }[]
  max: number
}

export type ChartCheck = { ok: true; data: ChartData; truncated: boolean } | { ok: false; error: string }

/** Keeps at most MAX_ROWS rows and MAX_COLUMNS columns; says whether anything was cut. */
export function truncateDraft(draft: ChartDraft): { draft: ChartDraft; truncated: boolean } {
  const columns = draft.columns.slice(0, MAX_COLUMNS)
  const rows = draft.rows.slice(0, MAX_ROWS).map((r) => ({ label: r.label, cells: r.cells.slice(0, MAX_COLUMNS) }))
  const truncated =
    draft.columns.length > MAX_COLUMNS ||
    draft.rows.length > MAX_ROWS ||
    draft.rows.some((r) => r.cells.length > MAX_COLUMNS)
  return { draft: { columns, rows }, truncated }
}

function numberOf(cell: string): number | null {
  const text = cell.trim().replace(/,/g, '')
  if (text === '') return null
  const n = Number(text)
  return Number.isFinite(n) ? n : null
}

export function checkChart(input: ChartDraft): ChartCheck {
  const { draft, truncated } = truncateDraft(input)
  const columns = draft.columns.map((c) => c.trim())
  const rows = draft.rows.filter((r) => r.label.trim() !== '' || r.cells.some((c) => c.trim() !== ''))
  if (columns.length === 0 || rows.length === 0) return { ok: false, error: CHART_MESSAGES.empty }
  const out: ChartData['rows'] = []
  for (const row of rows) {
    const values = columns.map((_, i) => numberOf(row.cells[i] ?? ''))
    if (row.label.trim() === '' || values.some((v) => v === null)) return { ok: false, error: CHART_MESSAGES.missing }
    out.push({ label: row.label.trim(), values: values as number[] })
  }
  const max = Math.max(0, ...out.flatMap((r) => r.values))
  return { ok: true, data: { columns: columns.map((c, i) => c || `Series ${i + 1}`), rows: out, max }, truncated }
}

/** Pasted spreadsheet text (tabs or commas; first line headers, first column labels) -> a draft. */
export function parseTable(text: string): ChartDraft {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l !== '')
  const split = (l: string) => (l.includes('\t') ? l.split('\t') : l.split(','))
  const [head, ...body] = lines.map(split)
  if (!head) return { columns: [], rows: [] }
  return {
    columns: head.slice(1).map((c) => c.trim()),
    rows: body.map((cells) => ({ label: (cells[0] ?? '').trim(), cells: cells.slice(1).map((c) => c.trim()) })),
  }
}

export function draftOf(value: Partial<ChartData>): ChartDraft {
  return {
    columns: [...(value.columns ?? [])],
    rows: (value.rows ?? []).map((r) => ({ label: r.label, cells: r.values.map(String) })),
  }
}

/** Any stored chart value -> a valid one (bad rows dropped, sizes truncated). */
export function normalizeChart(raw: Record<string, unknown>): ChartData & { type: 'bar' | 'line' } {
  const columns = Array.isArray(raw.columns) ? raw.columns.map(String).slice(0, MAX_COLUMNS) : []
  const rows = (Array.isArray(raw.rows) ? raw.rows : [])
    .filter((r): r is { label?: unknown; values?: unknown } => typeof r === 'object' && r !== null)
    .map((r) => ({
      label: String(r.label ?? ''),
      values: (Array.isArray(r.values) ? r.values : []).slice(0, columns.length).map(Number),
    }))
    .filter((r) => r.values.length === columns.length && r.values.every(Number.isFinite))
    .slice(0, MAX_ROWS)
  const max = Math.max(0, ...rows.flatMap((r) => r.values))
  return { columns, rows, max, type: raw.type === 'line' ? 'line' : 'bar' }
}
