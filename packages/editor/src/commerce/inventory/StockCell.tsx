// Inline stock editing of one variant: the quantity is saved on Enter or when the field is left; the unlimited
// checkbox is saved at once. The server's message shows under the field.
import { useEffect, useState } from 'react'
import type { ApiResult } from '../../api/client.js'
import { MAX_STOCK } from '../products/draft.js'
import type { VariantShape } from '@sitewright/contracts'

interface Props {
  label: string
  variant: Pick<VariantShape, 'id' | 'qtyInStock' | 'unlimited'>
  save(patch: { qtyInStock?: number; unlimited?: boolean }): Promise<ApiResult<{ qtyInStock: number; unlimited: boolean }>>
  onSaved(v: { qtyInStock: number; unlimited: boolean }): void
}

export function StockCell({ label, variant, save, onSaved }: Props) {
  const [text, setText] = useState(String(variant.qtyInStock))
  const [error, setError] = useState<string | null>(null)
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle')
  useEffect(() => setText(String(variant.qtyInStock)), [variant.qtyInStock])
  const errorId = `stock-${variant.id}-error`

  async function send(patch: { qtyInStock?: number; unlimited?: boolean }) {
    setState('saving')
    setError(null)
    const res = await save(patch)
    if (!res.ok) {
      setState('idle')
      setError(res.error.fields.qtyInStock ?? res.error.fields.unlimited ?? res.error.message)
      return
    }
    setState('saved')
    onSaved(res.data)
  }

  function commit() {
    const t = text.trim()
    if (t === String(variant.qtyInStock)) return
    if (!/^\d+$/.test(t) || Number(t) > MAX_STOCK) {
      setError(`Enter a whole number from 0 to ${MAX_STOCK.toLocaleString('en-US')}.`)
      return
    }
    void send({ qtyInStock: Number(t) })
  }

  return (
    <>
      <td className={error ? 'has-error' : undefined}>
        <input
          aria-label={`Stock of ${label}`}
          inputMode="numeric"
          value={variant.unlimited ? '' : text}
          disabled={variant.unlimited || state === 'saving'}
          onChange={(e) => {
            setText(e.target.value)
            setState('idle')
          }}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              commit()
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span className="save-state" aria-live="polite">
          {state === 'saving' ? 'Saving…' : state === 'saved' ? 'Saved' : ''}
        </span>
        {error && (
          <p id={errorId} className="field-error" data-field-error>
            {error}
          </p>
        )}
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={`${label} unlimited`}
          checked={variant.unlimited}
          disabled={state === 'saving'}
          onChange={(e) => void send({ unlimited: e.target.checked })}
        />
      </td>
    </>
  )
}
