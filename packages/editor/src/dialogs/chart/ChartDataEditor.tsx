// Chart data entry: a grid of columns and labelled rows (or a pasted table), checked with the spec's messages.
import { useState } from 'react'
import { MAX_COLUMNS, MAX_ROWS, checkChart, draftOf, parseTable, truncateDraft, type ChartData, type ChartDraft } from './chart.js'

interface Props {
  value: Partial<ChartData>
  onApply(data: ChartData): void
}

export function ChartDataEditor({ value, onApply }: Props) {
  const [draft, setDraft] = useState<ChartDraft>(() => draftOf(value))
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null)
  const update = (d: ChartDraft) => {
    const t = truncateDraft(d)
    setDraft(t.draft)
    setMessage(t.truncated ? { error: false, text: `Charts hold at most ${MAX_ROWS} rows and ${MAX_COLUMNS} columns; the rest was left out.` } : null)
  }
  const setColumn = (i: number, v: string) => update({ ...draft, columns: draft.columns.map((c, j) => (j === i ? v : c)) })
  const setCell = (r: number, c: number, v: string) =>
    update({ ...draft, rows: draft.rows.map((row, j) => (j === r ? { ...row, cells: Array.from({ length: draft.columns.length }, (_, k) => (k === c ? v : (row.cells[k] ?? ''))) } : row)) })
  const setLabel = (r: number, v: string) => update({ ...draft, rows: draft.rows.map((row, j) => (j === r ? { ...row, label: v } : row)) })

  function apply() {
    const r = checkChart(draft)
    if (!r.ok) return setMessage({ error: true, text: r.error })
    setMessage(r.truncated ? { error: false, text: `Truncated to ${MAX_ROWS} rows and ${MAX_COLUMNS} columns.` } : null)
    onApply(r.data)
  }

  return (
    <div className="chart-editor">
      <table>
        <thead>
          <tr>
            <th scope="col">Label</th>
            {draft.columns.map((c, i) => (
              <th key={i} scope="col">
                <input aria-label={`Column ${i + 1} name`} value={c} onChange={(e) => setColumn(i, e.target.value)} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {draft.rows.map((row, r) => (
            <tr key={r}>
              <th scope="row">
                <input aria-label={`Row ${r + 1} label`} value={row.label} onChange={(e) => setLabel(r, e.target.value)} />
              </th>
              {draft.columns.map((_, c) => (
                <td key={c}>
                  <input aria-label={`Row ${r + 1}, column ${c + 1}`} inputMode="decimal" value={row.cells[c] ?? ''} onChange={(e) => setCell(r, c, e.target.value)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row-actions">
        <button type="button" className="button secondary small" onClick={() => update({ ...draft, columns: [...draft.columns, ''] })}>
          Add column
        </button>
        <button type="button" className="button secondary small" onClick={() => update({ ...draft, rows: [...draft.rows, { label: '', cells: [] }] })}>
          Add row
        </button>
        <button type="button" className="button secondary small" disabled={!draft.rows.length} onClick={() => update({ ...draft, rows: draft.rows.slice(0, -1) })}>
          Remove last row
        </button>
        <button type="button" className="button secondary small" disabled={!draft.columns.length} onClick={() => update({ ...draft, columns: draft.columns.slice(0, -1) })}>
          Remove last column
        </button>
        <button
          type="button"
          className="button secondary small"
          onClick={async () => {
            const text = await navigator.clipboard?.readText?.().catch(() => '')
            if (text) update(parseTable(text))
          }}
        >
          Paste table
        </button>
        <button type="button" className="button primary small" onClick={apply}>
          Apply data
        </button>
      </div>
      {message && (
        <p className={message.error ? 'field-error' : 'field-hint'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </div>
  )
}
