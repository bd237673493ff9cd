// Bulk set for the variants matrix: price, sale price, on sale, stock, unlimited for the selected rows (or all).
import { useId, useState } from 'react'
import { toMinor } from '../money.js'
import type { BulkPatch } from '../variants.js'

type Field = 'price' | 'salePrice' | 'qtyInStock' | 'onSale' | 'unlimited'

interface Props {
  count: number
  total: number
  currency: string
  stock: boolean
  onApply(patch: BulkPatch): void
}

export function BulkBar({ count, total, currency, stock, onApply }: Props) {
  const id = useId()
  const [field, setField] = useState<Field>('price')
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const flag = field === 'onSale' || field === 'unlimited'

  function apply(on?: boolean) {
    setError(null)
    if (field === 'onSale' || field === 'unlimited') return onApply({ [field]: on ?? true })
    if (field === 'qtyInStock') {
      if (!/^\d+$/.test(value.trim())) return setError('Enter a whole number of 0 or more.')
      return onApply({ qtyInStock: value.trim() })
    }
    const m = toMinor(value, currency)
    if (!m.ok) return setError(m.message)
    onApply({ [field]: value.trim() })
  }

  const options: { value: Field; label: string }[] = [
    { value: 'price', label: 'Price' },
    { value: 'salePrice', label: 'Sale price' },
    { value: 'onSale', label: 'On sale' },
    ...(stock
      ? ([
          { value: 'qtyInStock', label: 'Stock' },
          { value: 'unlimited', label: 'Unlimited' },
        ] as const)
      : []),
  ]
  return (
    <div className="bulk-bar" role="group" aria-label="Bulk set">
      <span>{count ? `${count} of ${total} selected` : `All ${total} variants`}</span>
      <label htmlFor={`${id}-f`}>Set</label>
      <select id={`${id}-f`} value={field} onChange={(e) => setField(e.target.value as Field)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {flag ? (
        <>
          <button type="button" className="button secondary small" onClick={() => apply(true)}>
            Turn on
          </button>
          <button type="button" className="button secondary small" onClick={() => apply(false)}>
            Turn off
          </button>
        </>
      ) : (
        <>
          <label htmlFor={`${id}-v`}>to</label>
          <input
            id={`${id}-v`}
            value={value}
            inputMode={field === 'qtyInStock' ? 'numeric' : 'decimal'}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-e` : undefined}
          />
          <button type="button" className="button secondary small" onClick={() => apply()}>
            Apply
          </button>
        </>
      )}
      {error && (
        <p id={`${id}-e`} className="field-error" data-field-error>
          {error}
        </p>
      )}
    </div>
  )
}
