// The variants matrix: one row per combination with sku, price, sale price, on sale, stock or unlimited; rows can
// be selected and bulk-set. Long matrices (up to 10,000 variants) are shown a page at a time.
import { useState } from 'react'
import { bulkSet, variantLabel, type VariantDraft } from '../variants.js'
import { BulkBar } from './BulkBar.js'
import type { FieldErrors } from './draft.js'

export const PAGE_SIZE = 50

interface Props {
  variants: VariantDraft[]
  optionNames: string[]
  currency: string
  stock: boolean
  errors: FieldErrors
  onChange(variants: VariantDraft[]): void
}

function CellError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="field-error" data-field-error>
      {message}
    </p>
  )
}

function Cell({
  label,
  value,
  error,
  errorId,
  onChange,
  inputMode,
  disabled,
}: {
  label: string
  value: string
  error?: string | undefined
  errorId: string
  onChange(v: string): void
  inputMode?: 'decimal' | 'numeric'
  disabled?: boolean
}) {
  return (
    <td className={error ? 'has-error' : undefined}>
      <input
        aria-label={label}
        value={value}
        inputMode={inputMode}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <CellError id={errorId} message={error} />
    </td>
  )
}

export function VariantsTable({ variants, optionNames, currency, stock, errors, onChange }: Props) {
  const [page, setPage] = useState(0)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const pages = Math.max(1, Math.ceil(variants.length / PAGE_SIZE))
  const current = Math.min(page, pages - 1)
  const start = current * PAGE_SIZE
  const rows = variants.slice(start, start + PAGE_SIZE)
  const live = new Set([...selected].filter((k) => variants.some((v) => v.key === k)))

  const update = (key: string, patch: Partial<VariantDraft>) =>
    onChange(variants.map((v) => (v.key === key ? { ...v, ...patch } : v)))
  const toggle = (key: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s)
      if (on) next.add(key)
      else next.delete(key)
      return next
    })

  return (
    <div className="variants">
      <BulkBar
        count={live.size}
        total={variants.length}
        currency={currency}
        stock={stock}
        onApply={(patch) => onChange(bulkSet(variants, live, patch))}
      />
      {errors.variants && (
        <p className="field-error" data-field-error>
          {errors.variants}
        </p>
      )}
      <table className="data-table variants-table">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select all variants on this page"
                checked={rows.length > 0 && rows.every((r) => live.has(r.key))}
                onChange={(e) => rows.forEach((r) => toggle(r.key, e.target.checked))}
              />
            </th>
            <th scope="col">Variant</th>
            <th scope="col">SKU</th>
            <th scope="col">Price ({currency})</th>
            <th scope="col">Sale price</th>
            <th scope="col">On sale</th>
            {stock && <th scope="col">Stock</th>}
            {stock && <th scope="col">Unlimited</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((v, j) => {
            const i = start + j
            const name = variantLabel(v.attributes, optionNames)
            const err = (f: string) => errors[`variants.${i}.${f}`]
            const eid = (f: string) => `variant-${v.key}-${f}-error`
            return (
              <tr key={v.key}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    checked={live.has(v.key)}
                    onChange={(e) => toggle(v.key, e.target.checked)}
                  />
                </td>
                <th scope="row">{name}</th>
                <Cell label={`SKU of ${name}`} value={v.sku} error={err('sku')} errorId={eid('sku')} onChange={(sku) => update(v.key, { sku })} />
                <Cell label={`Price of ${name}`} value={v.price} inputMode="decimal" error={err('priceCents')} errorId={eid('price')} onChange={(price) => update(v.key, { price })} />
                <Cell label={`Sale price of ${name}`} value={v.salePrice} inputMode="decimal" error={err('salePriceCents')} errorId={eid('sale')} onChange={(salePrice) => update(v.key, { salePrice })} />
                <td>
                  <input type="checkbox" aria-label={`${name} on sale`} checked={v.onSale} onChange={(e) => update(v.key, { onSale: e.target.checked })} />
                </td>
                {stock && (
                  <Cell label={`Stock of ${name}`} value={v.unlimited ? '' : v.qtyInStock} inputMode="numeric" disabled={v.unlimited} error={err('qtyInStock')} errorId={eid('stock')} onChange={(qtyInStock) => update(v.key, { qtyInStock })} />
                )}
                {stock && (
                  <td>
                    <input type="checkbox" aria-label={`${name} unlimited`} checked={v.unlimited} onChange={(e) => update(v.key, { unlimited: e.target.checked })} />
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
      {pages > 1 && (
        <div className="pager">
          <button type="button" className="button secondary small" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous
          </button>
          <span>
            Variants {start + 1}–{start + rows.length} of {variants.length}
          </span>
          <button type="button" className="button secondary small" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Next
          </button>
        </div>
      )}
      {pages > 1 && <VariantErrorsElsewhere errors={errors} from={start} to={start + rows.length} />}
    </div>
  )
}

/** Messages of variants on other pages, so none goes unseen. */
function VariantErrorsElsewhere({ errors, from, to }: { errors: FieldErrors; from: number; to: number }) {
  const others = Object.entries(errors).filter(([k]) => {
    const m = /^variants\.(\d+)\./.exec(k)
    return m && (Number(m[1]) < from || Number(m[1]) >= to)
  })
  if (others.length === 0) return null
  return (
    <p className="field-error" data-field-error>
      {others.length} more problem{others.length > 1 ? 's' : ''} on other pages of variants (first: variant{' '}
      {Number(/^variants\.(\d+)/.exec(others[0]![0])![1]) + 1}: {others[0]![1]}).
    </p>
  )
}
