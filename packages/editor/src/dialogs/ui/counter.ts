// The character counter: 'length / max', in an error state above max; a max of 0 or not a number shows nothing.

export interface CounterState {
  text: string
  error: boolean
}

export function counterState(value: string, max: unknown): CounterState | null {
  const limit = typeof max === 'number' ? max : typeof max === 'string' && max.trim() !== '' ? Number(max) : NaN
  if (!Number.isFinite(limit) || limit <= 0) return null
  const length = [...value].length
  return { text: `${length} / ${limit}`, error: length > limit }
}
