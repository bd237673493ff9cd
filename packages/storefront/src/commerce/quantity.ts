// Quantity input: number, min 1, max 9999, step 1, default 1.
import { QUANTITY_NOT_A_NUMBER, QUANTITY_NOT_WHOLE } from './messages.js'

export const QUANTITY = { min: 1, max: 9999, step: 1, default: 1 } as const

export type QuantityResult = { ok: true; quantity: number } | { ok: false; message: string }

/** The quantity the visitor asked for; an absent input means the default. Out-of-range numbers are clamped. */
export function readQuantity(raw: string | null | undefined): QuantityResult {
  if (raw === null || raw === undefined) return { ok: true, quantity: QUANTITY.default }
  const text = raw.trim()
  const n = Number(text)
  if (text === '' || !Number.isFinite(n)) return { ok: false, message: QUANTITY_NOT_A_NUMBER }
  if (!Number.isInteger(n)) return { ok: false, message: QUANTITY_NOT_WHOLE }
  return { ok: true, quantity: Math.min(QUANTITY.max, Math.max(QUANTITY.min, n)) }
}

/** Gives an input the rules' attributes (the theme renders them too; this keeps hand-written markup honest). */
export function applyQuantityRules(input: HTMLInputElement): void {
  input.type = 'number'
  input.min = String(QUANTITY.min)
  input.max = String(QUANTITY.max)
  input.step = String(QUANTITY.step)
  if (input.value === '') input.value = String(QUANTITY.default)
}
