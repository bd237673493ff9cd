// The chart block's limits are contracts' one rule (the editor's data grid keeps as many): 20 columns, 50 rows.
import { CHART_MAX_COLUMNS, CHART_MAX_ROWS } from '@sitewright/contracts'
import { describe, expect, it } from 'vitest'
import { BLOCK_VALUE_SCHEMAS } from './blocks.js'

const chart = (n: number, rows = 1) => ({ columns: Array.from({ length: n }, (_, i) => `C${i}`), rows: Array.from({ length: rows }, (_, i) => ({ label: `R${i}`, values: Array.from({ length: n }, () => 1) })) })

describe('chart block limits (contracts CHART_MAX_COLUMNS / CHART_MAX_ROWS)', () => {
  it('takes 20 columns and 50 rows, refuses one more of either with its message', () => {
    expect([CHART_MAX_COLUMNS, CHART_MAX_ROWS]).toEqual([20, 50])
    expect(BLOCK_VALUE_SCHEMAS.chart.safeParse(chart(20, 50)).success).toBe(true)
    const wide = BLOCK_VALUE_SCHEMAS.chart.safeParse(chart(21))
    expect(wide.success || wide.error.issues[0]!.message).toBe('Charts hold at most 20 columns.')
    const long = BLOCK_VALUE_SCHEMAS.chart.safeParse(chart(2, 51))
    expect(long.success || long.error.issues[0]!.message).toBe('Charts hold at most 50 rows.')
  })
})
