// A small line chart (uPlot, loaded with the first chart) of a report's series; the numbers are also in the tables.
import { useEffect, useRef } from 'react'
import 'uplot/dist/uPlot.min.css'

export interface Line {
  label: string
  values: number[]
  color: string
}

export function Chart({ title, periods, lines, height = 220 }: { title: string; periods: string[]; lines: Line[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (!el || periods.length === 0) return
    const xs = periods.map((p) => Date.parse(`${p}T00:00:00Z`) / 1000)
    let gone = false
    let cleanup = () => {}
    void import('uplot').then(({ default: uPlot }) => {
      if (gone) return
      const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height,
        series: [{}, ...lines.map((l) => ({ label: l.label, stroke: l.color, width: 2 }))],
        axes: [{}, { size: 50 }],
        legend: { show: true },
      },
      [xs, ...lines.map((l) => l.values)],
      el,
    )
      const resize = () => plot.setSize({ width: Math.max(280, el.clientWidth), height })
      window.addEventListener('resize', resize)
      cleanup = () => {
        window.removeEventListener('resize', resize)
        plot.destroy()
      }
    })
    return () => {
      gone = true
      cleanup()
    }
  }, [periods, lines, height])
  if (periods.length === 0) return <p className="analytics-empty">No data in this period yet.</p>
  return <figure className="analytics-chart" aria-label={title} ref={box} />
}
