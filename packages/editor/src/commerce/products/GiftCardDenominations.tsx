// Gift-card denominations: one variant per amount (the storefront offers them as the Amount option).
import { toMinor, formatMoney } from '../money.js'
import { blankVariant, type VariantDraft } from '../variants.js'
import type { FieldErrors } from './draft.js'

interface Props {
  variants: VariantDraft[]
  currency: string
  errors: FieldErrors
  onChange(variants: VariantDraft[]): void
}

export function GiftCardDenominations({ variants, currency, errors, onChange }: Props) {
  return (
    <fieldset className="denominations">
      <legend>Denominations</legend>
      {errors.variants && (
        <p className="field-error" data-field-error>
          {errors.variants}
        </p>
      )}
      <ul>
        {variants.map((v, i) => {
          const error = errors[`variants.${i}.priceCents`]
          const m = toMinor(v.price, currency)
          const errorId = `denomination-${v.key}-error`
          return (
            <li key={v.key} className={error ? 'has-error' : undefined}>
              <input
                aria-label={`Denomination ${i + 1} (${currency})`}
                value={v.price}
                inputMode="decimal"
                onChange={(e) => onChange(variants.map((x) => (x.key === v.key ? { ...x, price: e.target.value } : x)))}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />{' '}
              <span className="field-hint">{m.ok ? formatMoney(m.minor, currency) : ''}</span>{' '}
              <button
                type="button"
                className="button secondary small"
                disabled={variants.length <= 1}
                onClick={() => onChange(variants.filter((x) => x.key !== v.key))}
              >
                Remove
              </button>
              {error && (
                <p id={errorId} className="field-error" data-field-error>
                  {error}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      <button type="button" className="button secondary small" onClick={() => onChange([...variants, { ...blankVariant(), unlimited: true }])}>
        Add denomination
      </button>
    </fieldset>
  )
}
