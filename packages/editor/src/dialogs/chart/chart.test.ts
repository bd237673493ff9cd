import { describe, expect, it } from 'vitest'
import { CHART_MAX_COLUMNS, CHART_MAX_ROWS } from '@sitewright/contracts'
import { CHART_MESSAGES, MAX_COLUMNS, MAX_ROWS, checkChart, parseTable } from './chart.js'

describe('chart data entry', () => {
  it("needs at least one column and one row: 'Enter some data!'", () => {
    expect(checkChart({ columns: [], rows: [] })).toEqual({ ok: false, error: CHART_MESSAGES.empty })
    expect(checkChart({ columns: ['A'], rows: [] })).toEqual({ ok: false, error: 'Enter some data!' })
    expect(checkChart({ columns: ['A'], rows: [{ label: ' ', cells: [''] }] }).ok).toBe(false)
  })

  it("reports 'One or more rows was missing data' for empty or non-numeric cells or labels", () => {
    const missing = { ok: false, error: 'One or more rows was missing data' }
    expect(checkChart({ columns: ['A', 'B'], rows: [{ label: 'x', cells: ['1'] }] })).toEqual(missing)
    expect(checkChart({ columns: ['A'], rows: [{ label: 'x', cells: ['abc'] }] })).toEqual(missing)
    expect(checkChart({ columns: ['A'], rows: [{ label: '', cells: ['3'] }] })).toEqual(missing)
  })

  it('builds the chart value with the maximum', () => {
    const r = checkChart({ columns: ['Sales', ''], rows: [{ label: 'Jan', cells: ['1,200', '3'] }, { label: 'Feb', cells: ['7', '-1'] }] })
    expect(r).toEqual({
      ok: true,
      truncated: false,
      data: { columns: ['Sales', 'Series 2'], rows: [{ label: 'Jan', values: [1200, 3] }, { label: 'Feb', values: [7, -1] }], max: 1200 },
    })
  })

  it('truncates to the maximum rows and columns and says so', () => {
    const columns = Array.from({ length: MAX_COLUMNS + 3 }, (_, i) => `C${i}`)
    const rows = Array.from({ length: MAX_ROWS + 5 }, (_, i) => ({ label: `R${i}`, cells: columns.map(() => '1') }))
    const r = checkChart({ columns, rows })
    if (!r.ok) throw new Error(r.error)
    expect(r.truncated).toBe(true)
    expect(r.data.columns).toHaveLength(MAX_COLUMNS)
    expect(r.data.rows).toHaveLength(MAX_ROWS)
    expect(r.data.rows[0]!.values).toHaveLength(MAX_COLUMNS)
  })

  it('one rule with the server (contracts): 20 columns and 50 rows', () => {
    expect([MAX_COLUMNS, MAX_ROWS]).toEqual([CHART_MAX_COLUMNS, CHART_MAX_ROWS])
    expect([CHART_MAX_COLUMNS, CHART_MAX_ROWS]).toEqual([20, 50])
    const columns = Array.from({ length: 20 }, (_, i) => `C${i}`)
    const r = checkChart({ columns, rows: [{ label: 'R', cells: columns.map(() => '2') }] })
    expect(r.ok && !r.truncated && r.data.columns.length).toBe(20)
  })

  it('parses pasted tab or comma separated tables', () => {
    expect(parseTable('\tA\tB\nx\t1\t2\n')).toEqual({ columns: ['A', 'B'], rows: [{ label: 'x', cells: ['1', '2'] }] })
    expect(parseTable(',A\ny,5')).toEqual({ columns: ['A'], rows: [{ label: 'y', cells: ['5'] }] })
  })
})
