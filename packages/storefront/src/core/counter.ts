// Character counter (site forms): shows 'length / max'; a max of 0 or non-numeric is ignored (no
// counter). In error state when the length exceeds max.

export interface CounterState {
  text: string
  error: boolean
}

export function parseMax(raw: unknown): number | null {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : null
}

export function counterState(length: number, rawMax: unknown): CounterState | null {
  const max = parseMax(rawMax)
  if (max === null) return null
  return { text: `${length} / ${max}`, error: length > max }
}
