// A promotion as the owner's form edits it (texts), read into the API's PromotionInput with a message per field.
import type { Promotion, PromotionInput, PromotionKind, PromotionTarget } from '@sitewright/contracts'
import { toMajor, toMinor } from '../money.js'

export interface PromotionDraft {
  name: string
  kind: PromotionKind
  appliesTo: PromotionTarget
  targetIds: string[]
  /** Percent (percentage, buy X get Y) or money (amount) as typed. */
  amount: string
  buyQuantity: string
  getQuantity: string
  minSubtotal: string
  /** datetime-local texts in the browser's zone ('' = no bound). */
  startsAt: string
  endsAt: string
  active: boolean
  usageLimit: string
  perCustomerLimit: string
  combinesWithCodes: boolean
  combinesWithGiftCards: boolean
}

export const KIND_LABELS: Record<PromotionKind, string> = {
  percentage: 'Percentage off',
  amount: 'Amount off',
  buy_x_get_y: 'Buy X get Y',
  free_shipping: 'Free shipping',
}

export const EMPTY_DRAFT: PromotionDraft = {
  name: '', kind: 'percentage', appliesTo: 'order', targetIds: [], amount: '', buyQuantity: '', getQuantity: '', minSubtotal: '',
  startsAt: '', endsAt: '', active: true, usageLimit: '', perCustomerLimit: '', combinesWithCodes: true, combinesWithGiftCards: true,
}

const pad = (n: number) => String(n).padStart(2, '0')
/** An ISO time as a datetime-local value in the browser's zone. */
export function localInput(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export function draftOf(p: Promotion, currency: string): PromotionDraft {
  return {
    name: p.name, kind: p.kind, appliesTo: p.appliesTo, targetIds: p.targetIds,
    amount: p.kind === 'amount' ? toMajor(p.amount, currency) : p.kind === 'free_shipping' ? '' : String(p.amount),
    buyQuantity: p.buyQuantity ? String(p.buyQuantity) : '', getQuantity: p.getQuantity ? String(p.getQuantity) : '',
    minSubtotal: p.minSubtotalCents ? toMajor(p.minSubtotalCents, currency) : '',
    startsAt: localInput(p.startsAt), endsAt: localInput(p.endsAt), active: p.active,
    usageLimit: p.usageLimit === null ? '' : String(p.usageLimit), perCustomerLimit: p.perCustomerLimit === null ? '' : String(p.perCustomerLimit),
    combinesWithCodes: p.combinesWithCodes, combinesWithGiftCards: p.combinesWithGiftCards,
  }
}

const whole = (text: string, min: number, max: number): number | null => {
  const t = text.trim()
  if (!/^\d+$/.test(t)) return null
  const n = Number(t)
  return n >= min && n <= max ? n : null
}

export type DraftResult = { ok: true; input: PromotionInput } | { ok: false; errors: Record<string, string> }

/** The draft as the API takes it, or a message per field (the server checks the same rules again). */
export function readPromotionDraft(d: PromotionDraft, currency: string): DraftResult {
  const errors: Record<string, string> = {}
  if (!d.name.trim()) errors.name = 'Enter a name shoppers will see.'
  let amount = 0
  if (d.kind === 'percentage' || d.kind === 'buy_x_get_y') {
    const n = whole(d.amount, 1, 100)
    if (n === null) errors.amount = 'Enter a whole percent from 1 to 100.'
    else amount = n
  } else if (d.kind === 'amount') {
    const m = toMinor(d.amount, currency)
    if (!m.ok || m.minor <= 0) errors.amount = m.ok ? 'The amount must be above zero.' : m.message
    else amount = m.minor
  }
  const appliesTo: PromotionTarget = d.kind === 'free_shipping' ? 'order' : d.kind === 'buy_x_get_y' && d.appliesTo === 'order' ? 'products' : d.appliesTo
  const input: PromotionInput = { name: d.name.trim(), kind: d.kind, appliesTo, targetIds: appliesTo === 'order' ? [] : d.targetIds, amount, active: d.active, combinesWithCodes: d.combinesWithCodes, combinesWithGiftCards: d.combinesWithGiftCards }
  if (appliesTo !== 'order' && d.targetIds.length === 0) errors.targetIds = appliesTo === 'products' ? 'Choose at least one product.' : 'Choose at least one collection.'
  if (d.kind === 'buy_x_get_y') {
    const buy = whole(d.buyQuantity, 1, 1_000_000)
    const get = whole(d.getQuantity, 1, 1_000_000)
    if (buy === null) errors.buyQuantity = 'Enter how many to buy (at least 1).'
    if (get === null) errors.getQuantity = 'Enter how many they get (at least 1).'
    input.buyQuantity = buy ?? 0
    input.getQuantity = get ?? 0
  }
  if (d.minSubtotal.trim()) {
    const m = toMinor(d.minSubtotal, currency)
    if (!m.ok) errors.minSubtotalCents = m.message
    else input.minSubtotalCents = m.minor
  }
  const time = (text: string, field: string): string | null => {
    if (!text) return null
    const t = new Date(text)
    if (Number.isNaN(t.getTime())) {
      errors[field] = 'Enter a date and time.'
      return null
    }
    return t.toISOString()
  }
  input.startsAt = time(d.startsAt, 'startsAt')
  input.endsAt = time(d.endsAt, 'endsAt')
  if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) errors.endsAt = 'The end must be after the start.'
  for (const [key, field] of [['usageLimit', 'usageLimit'], ['perCustomerLimit', 'perCustomerLimit']] as const) {
    const text = d[key].trim()
    if (!text) input[field] = null
    else {
      const n = whole(text, 1, 100_000_000)
      if (n === null) errors[field] = 'Enter a whole number (at least 1), or leave it empty for no limit.'
      input[field] = n
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input }
}

/** What a promotion gives, in a few words ('25% off', 'Buy 2 get 1 free', '$5.00 off'). */
export function offerText(p: Pick<Promotion, 'kind' | 'amount' | 'buyQuantity' | 'getQuantity' | 'minSubtotalCents'>, money: (minor: number) => string): string {
  const over = p.minSubtotalCents ? ` over ${money(p.minSubtotalCents)}` : ''
  if (p.kind === 'percentage') return `${p.amount}% off${over}`
  if (p.kind === 'amount') return `${money(p.amount)} off${over}`
  if (p.kind === 'buy_x_get_y') return `Buy ${p.buyQuantity} get ${p.getQuantity} ${p.amount === 100 ? 'free' : `${p.amount}% off`}${over}`
  return `Free shipping${over}`
}
