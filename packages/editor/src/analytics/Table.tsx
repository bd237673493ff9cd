// A report table with its CSV export link, and a note saying how its numbers are made when they need one.
import type { ReactNode } from 'react'

export interface Column<T> {
  label: string
  value: (row: T) => ReactNode
  numeric?: boolean
}

export function Table<T>({ title, rows, columns, csv, note }: { title: string; rows: readonly T[]; columns: Column<T>[]; csv?: string; note?: string }) {
  return (
    <section className="analytics-card">
      <div className="analytics-card-head">
        <h3>{title}</h3>
        {/* nothing to export while the table is empty */}
        {csv && rows.length > 0 ? (
          <a className="analytics-csv" href={csv} download>
            Export CSV<span className="visually-hidden"> of {title}</span>
          </a>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="analytics-empty">Nothing yet.</p>
      ) : (
        <table className="analytics-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.label} className={c.numeric ? 'num' : undefined}>
                    {c.value(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {note && rows.length > 0 ? <p className="analytics-note">{note}</p> : null}
    </section>
  )
}

export const fmtMs = (ms: number) => (ms >= 60_000 ? `${Math.floor(ms / 60_000)}m ${Math.round((ms % 60_000) / 1000)}s` : `${Math.round(ms / 1000)}s`)

