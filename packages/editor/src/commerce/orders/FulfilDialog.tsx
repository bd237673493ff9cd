// The fulfilment dialog of a paid order: the carrier, the tracking number (and an optional tracking page), the
// quantity of each line in this shipment (everything not yet shipped by default: fewer is a partial fulfilment),
// whether the buyer is mailed, and a printable packing slip of the shipment.
import { useId, useState } from 'react'
import type { FulfilInput, OwnerOrder } from '@sitewright/contracts'
import type { ApiError } from '../../api/client.js'
import { CheckboxField, TextField } from '../../ui/fields.js'
import { Dialog } from '../../ui/Dialog.js'
import { ErrorSummary } from '../ui.js'
import { variantLabel } from '../variants.js'

export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'Royal Mail', 'Canada Post', 'Australia Post', 'La Poste', 'Deutsche Post']

interface Props {
  order: OwnerOrder
  onClose(): void
  onSubmit(input: FulfilInput): Promise<ApiError | null>
  onPrint(quantities: Record<string, number>): void
}

export function FulfilDialog({ order: o, onClose, onSubmit, onPrint }: Props) {
  const carriersId = useId()
  const open = o.entries.filter((e) => (o.unfulfilled[e.id] ?? 0) > 0)
  const [carrier, setCarrier] = useState('')
  const [trackingNumber, setTrackingNumber] = useState('')
  const [trackingUrl, setTrackingUrl] = useState('')
  const [notifyCustomer, setNotifyCustomer] = useState(true)
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(open.map((e) => [e.id, String(o.unfulfilled[e.id])])))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)

  const counts = Object.fromEntries(open.map((e) => [e.id, Math.max(0, Math.floor(Number(quantities[e.id]) || 0))]))
  const shipping = Object.values(counts).reduce((n, q) => n + q, 0)
  const partial = open.some((e) => counts[e.id]! < (o.unfulfilled[e.id] ?? 0))

  async function submit() {
    setBusy(true)
    setError(null)
    const input: FulfilInput = {
      carrier,
      trackingNumber,
      lines: open.map((e) => ({ entryId: e.id, quantity: counts[e.id]! })).filter((l) => l.quantity > 0),
      notifyCustomer,
      ...(trackingUrl.trim() ? { trackingUrl: trackingUrl.trim() } : {}),
    }
    const err = await onSubmit(input)
    setBusy(false)
    if (err) setError(err)
  }

  const fieldError = (key: string) => error?.fields[key]
  return (
    <Dialog
      title={`Fulfil order #${o.number}`}
      onClose={onClose}
      wide
      actions={
        <>
          <button type="button" className="button" onClick={() => onPrint(counts)}>
            Print packing slip
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button primary" disabled={busy || shipping === 0} onClick={() => void submit()}>
            {busy ? 'Saving…' : partial ? 'Fulfil these items' : 'Mark as fulfilled'}
          </button>
        </>
      }
    >
      <form
        className="fulfil-form"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <ErrorSummary message={error?.message ?? null} />
        <div className="fulfil-tracking">
          <div className={`field${fieldError('carrier') ? ' has-error' : ''}`}>
            <label htmlFor={`${carriersId}-carrier`}>Carrier</label>
            <input id={`${carriersId}-carrier`} name="carrier" list={carriersId} value={carrier} maxLength={80} autoComplete="off" onChange={(e) => setCarrier(e.target.value)} />
            <datalist id={carriersId}>
              {CARRIERS.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <TextField label="Tracking number" name="trackingNumber" value={trackingNumber} maxLength={120} onChange={setTrackingNumber} error={fieldError('trackingNumber')} />
        </div>
        <TextField label="Tracking page (optional)" name="trackingUrl" value={trackingUrl} maxLength={2000} onChange={setTrackingUrl} error={fieldError('trackingUrl')} hint="The carrier's address for this parcel, linked in the shipping email." />
        <table className="data-table fulfil-lines">
          <caption>Items in this shipment</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Left to ship</th>
              <th scope="col">Ship now</th>
            </tr>
          </thead>
          <tbody>
            {open.map((e, i) => (
              <tr key={e.id}>
                <th scope="row">
                  {e.title}
                  {Object.keys(e.attributes).length > 0 && <span className="field-hint"> {variantLabel(e.attributes)}</span>}
                </th>
                <td>{o.unfulfilled[e.id]}</td>
                <td>
                  <input
                    type="number"
                    className="fulfil-qty"
                    min={0}
                    max={o.unfulfilled[e.id]}
                    step={1}
                    value={quantities[e.id] ?? ''}
                    aria-label={`Quantity of ${e.title} to ship`}
                    aria-invalid={fieldError(`lines.${i}.quantity`) ? true : undefined}
                    onChange={(ev) => setQuantities((q) => ({ ...q, [e.id]: ev.target.value }))}
                  />
                  {fieldError(`lines.${i}.quantity`) && <p className="field-error">{fieldError(`lines.${i}.quantity`)}</p>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {partial && shipping > 0 && <p className="field-hint">A partial fulfilment: the order stays open until every item has shipped.</p>}
        <CheckboxField label="Email the customer the shipping notification" name="notifyCustomer" checked={notifyCustomer} onChange={setNotifyCustomer} />
      </form>
    </Dialog>
  )
}

/** The packing slip of a shipment (printed alone: every other part of the page is hidden when printing). */
export function PackingSlip({ order: o, quantities, shopName }: { order: OwnerOrder; quantities: Record<string, number>; shopName: string }) {
  const to = o.shippingAddress ?? o.billingAddress ?? {}
  const name = [to.firstName, to.lastName].filter(Boolean).join(' ')
  const rows = o.entries.filter((e) => (quantities[e.id] ?? 0) > 0)
  return (
    <div className="packing-slip" aria-hidden="true">
      <h1>{shopName}</h1>
      <p>
        Packing slip · Order #{o.number} · {new Date(o.created).toLocaleDateString('en-US', { dateStyle: 'medium' })}
      </p>
      <address>
        {[name, to.line1, to.line2, [to.city, to.region, to.postalCode].filter(Boolean).join(' '), to.country].filter(Boolean).map((l, i) => (
          <span key={i}>
            {l}
            <br />
          </span>
        ))}
      </address>
      <table>
        <thead>
          <tr>
            <th>Item</th>
            <th>SKU</th>
            <th>Quantity</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id}>
              <td>
                {e.title}
                {Object.keys(e.attributes).length > 0 && ` (${variantLabel(e.attributes)})`}
              </td>
              <td>{e.sku}</td>
              <td>{quantities[e.id]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Thank you for your order.</p>
    </div>
  )
}
