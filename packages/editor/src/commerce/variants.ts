// The variants matrix: every combination of the product's option values is one variant. Regenerating after the
// options change keeps what the owner already entered: a combination that existed keeps its variant (sku, prices,
// stock); a new combination copies prices from the variant it extends (an added option) and starts at zero stock.

export const MAX_VARIANTS = 10_000
export const MAX_OPTIONS = 6

export interface OptionDraft {
  name: string
  values: string[]
}

/** A variant as edited: money as major-unit text, stock as text, so half-typed values survive re-renders. */
export interface VariantDraft {
  /** Stable React key. */
  key: string
  /** Empty for a new variant: the server assigns one. */
  sku: string
  attributes: Record<string, string>
  price: string
  salePrice: string
  onSale: boolean
  qtyInStock: string
  unlimited: boolean
  imageId: string | null
}

let counter = 0
export function newKey(): string {
  counter += 1
  return `v${counter}`
}

export function blankVariant(attributes: Record<string, string> = {}): VariantDraft {
  return {
    key: newKey(),
    sku: '',
    attributes,
    price: '',
    salePrice: '',
    onSale: false,
    qtyInStock: '0',
    unlimited: false,
    imageId: null,
  }
}

/** Options with their blank names/values dropped and duplicates removed (what the matrix is built from). */
export function usableOptions(options: readonly OptionDraft[]): OptionDraft[] {
  const out: OptionDraft[] = []
  const names = new Set<string>()
  for (const o of options) {
    const name = o.name.trim()
    if (!name || names.has(name)) continue
    const values = [...new Set(o.values.map((v) => v.trim()).filter(Boolean))]
    if (values.length === 0) continue
    names.add(name)
    out.push({ name, values })
  }
  return out
}

/** How many variants the options produce. */
export function combinationCount(options: readonly OptionDraft[]): number {
  const usable = usableOptions(options)
  return usable.reduce((n, o) => n * o.values.length, 1)
}

/** Every combination of values, first option slowest (S/Red, S/Blue, M/Red, M/Blue). */
export function combinations(options: readonly OptionDraft[]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}]
  for (const o of usableOptions(options)) {
    const next: Record<string, string>[] = []
    for (const partial of out) for (const value of o.values) next.push({ ...partial, [o.name]: value })
    out = next
  }
  return out
}

export function attributesKey(attributes: Record<string, string>, names: readonly string[]): string {
  return JSON.stringify(names.map((n) => attributes[n] ?? null))
}

function isSubset(small: Record<string, string>, big: Record<string, string>): boolean {
  return Object.entries(small).every(([k, v]) => big[k] === v)
}

export type MatrixResult = { ok: true; variants: VariantDraft[] } | { ok: false; message: string }

/**
 * The variants for `options`, reusing `existing` drafts: exact attribute matches keep their draft (and sku); a new
 * combination copies price, sale price and on-sale from an existing variant whose attributes it contains (the
 * owner added an option or a value), else from the first existing variant. New combinations start with no stock.
 */
export function buildMatrix(options: readonly OptionDraft[], existing: readonly VariantDraft[]): MatrixResult {
  const usable = usableOptions(options)
  if (usable.length > MAX_OPTIONS) return { ok: false, message: `A product can have at most ${MAX_OPTIONS} options.` }
  const count = combinationCount(usable)
  if (count > MAX_VARIANTS)
    return {
      ok: false,
      message: `These options make ${count.toLocaleString('en-US')} variants; the limit is ${MAX_VARIANTS.toLocaleString('en-US')}.`,
    }
  const names = usable.map((o) => o.name)
  // A variant that has every current option keeps its row; when options were removed, the first variant of each
  // collapsed group keeps it (exact matches win).
  const byKey = new Map<string, { v: VariantDraft; exact: boolean }>()
  for (const v of existing) {
    if (!names.every((n) => v.attributes[n] !== undefined)) continue
    const exact = Object.keys(v.attributes).every((k) => names.includes(k))
    const k = attributesKey(v.attributes, names)
    const seen = byKey.get(k)
    if (!seen || (exact && !seen.exact)) byKey.set(k, { v, exact })
  }
  const template = existing[0]
  const variants = combinations(usable).map((attributes) => {
    const kept = byKey.get(attributesKey(attributes, names))?.v
    if (kept) return { ...kept, attributes }
    const source = existing.find((v) => isSubset(v.attributes, attributes)) ?? template
    const fresh = blankVariant(attributes)
    if (source) {
      fresh.price = source.price
      fresh.salePrice = source.salePrice
      fresh.onSale = source.onSale
      fresh.unlimited = source.unlimited
    }
    return fresh
  })
  return { ok: true, variants }
}

/** A short label of a variant: "S / Red", or "Default" for a product without options. */
export function variantLabel(attributes: Record<string, string>, names?: readonly string[]): string {
  const keys = names ?? Object.keys(attributes)
  const parts = keys.map((k) => attributes[k]).filter((v): v is string => typeof v === 'string' && v !== '')
  return parts.length ? parts.join(' / ') : 'Default'
}

export interface BulkPatch {
  price?: string
  salePrice?: string
  onSale?: boolean
  qtyInStock?: string
  unlimited?: boolean
}

/** Applies `patch` to the variants whose keys are in `keys` (all when `keys` is empty). */
export function bulkSet(variants: readonly VariantDraft[], keys: ReadonlySet<string>, patch: BulkPatch): VariantDraft[] {
  return variants.map((v) => (keys.size === 0 || keys.has(v.key) ? { ...v, ...patch } : v))
}
