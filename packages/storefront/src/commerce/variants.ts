// Variant selection: one dropdown and one radio group per option, kept in step. The chosen
// attributes resolve to a variant, or to the unselected-options / unavailable messages.
import { VARIANT_UNAVAILABLE, selectOptionsMessage } from './messages.js'
import { toCents } from './money.js'
import type { Variant } from './types.js'

export type Selection = Record<string, string>

export type Resolution =
  | { kind: 'variant'; variant: Variant }
  | { kind: 'unselected'; missing: string[]; message: string }
  | { kind: 'unavailable'; message: string }

/** The variant the selection names, or why there is none. A product without options resolves to its variant. */
export function resolveVariant(variants: readonly Variant[], options: readonly string[], selection: Selection): Resolution {
  if (options.length === 0) {
    const only = variants[0]
    return only ? { kind: 'variant', variant: only } : { kind: 'unavailable', message: VARIANT_UNAVAILABLE }
  }
  const missing = options.filter((o) => !selection[o])
  if (missing.length) return { kind: 'unselected', missing, message: selectOptionsMessage(missing) }
  const variant = variants.find((v) => options.every((o) => attributeOf(v, o) === selection[o]))
  return variant ? { kind: 'variant', variant } : { kind: 'unavailable', message: VARIANT_UNAVAILABLE }
}

/** A variant's value for an option: from `attributes`, else from `optionValues`. */
export function attributeOf(v: Variant, option: string): string | undefined {
  const a = v.attributes?.[option]
  if (a !== undefined) return String(a)
  return v.optionValues?.find((o) => o.optionName === option)?.value
}

export function inStock(v: Variant, quantity = 1): boolean {
  return v.unlimited === true || (v.qtyInStock ?? 0) >= quantity
}

export function isSoldOutVariant(v: Variant): boolean {
  return v.unlimited !== true && (v.qtyInStock ?? 0) <= 0
}

export interface VariantPrice {
  priceCents: number
  saleCents: number | null
}

export function variantPrice(v: Variant): VariantPrice {
  const priceCents = toCents(v.priceMoney ?? v.price)
  const onSale = v.onSale === true
  return { priceCents, saleCents: onSale ? toCents(v.salePriceMoney ?? v.salePrice) : null }
}

/** What the visitor pays for one. */
export function effectiveCents(v: Variant): number {
  const p = variantPrice(v)
  return p.saleCents ?? p.priceCents
}

export interface VariantControls {
  options: string[]
  selection(): Selection
  onChange(listener: (selection: Selection) => void): void
}

/**
 * Wires the selectors of a `.product-variants` block: a select and a radio group per option
 * (`[data-variant-option-name]`), kept in step.
 */
export function bindVariantControls(root: HTMLElement): VariantControls {
  const selects = [...root.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')]
  const options = selects.map((s) => s.dataset.variantOptionName ?? '')
  const listeners: ((s: Selection) => void)[] = []
  const radiosOf = (name: string) =>
    [...root.querySelectorAll<HTMLInputElement>('.variant-radiobtn-wrapper input[type="radio"]')].filter(
      (r) => r.closest<HTMLElement>('[data-variant-option-name]')?.dataset.variantOptionName === name,
    )
  const selection = (): Selection => Object.fromEntries(selects.map((s) => [s.dataset.variantOptionName ?? '', s.value]))
  const changed = () => listeners.forEach((l) => l(selection()))
  for (const select of selects) {
    const name = select.dataset.variantOptionName ?? ''
    select.addEventListener('change', () => {
      radiosOf(name).forEach((r) => (r.checked = r.value === select.value))
      changed()
    })
    for (const radio of radiosOf(name)) {
      radio.addEventListener('change', () => {
        if (!radio.checked) return
        select.value = radio.value
        changed()
      })
    }
  }
  return { options, selection, onChange: (l) => void listeners.push(l) }
}
