// One order: entries, totals, addresses, test-mode badge; confirm the awaited payment of a pending test-mode order;
// fulfil a paid order (carrier, tracking number, line quantities, packing slip: FulfilDialog); refund a test-mode order after a confirmation (stock and gift-card balances come back).
import { useCallback, useEffect, useState } from 'react'
import { Link } from '../../app/navigation.js'
import { ConfirmDialog } from '../../ui/ConfirmDialog.js'
import { FulfilDialog, PackingSlip } from './FulfilDialog.js'
import { useCommerce } from '../context.js'
import { formatMoney } from '../money.js'
import type { FulfilInput, OrderAddress as Address, OwnerOrder } from '@sitewright/contracts'
import { Badge, formatDate, LoadError, Loading } from '../ui.js'
import { variantLabel } from '../variants.js'
import { statusLabel } from './OrdersList.js'

type Action = 'confirm' | 'fulfil' | 'refund'

const DONE: Record<Action, string> = { confirm: 'Payment confirmed: the order is paid.', fulfil: 'Order marked as fulfilled.', refund: 'Order refunded.' }
const PARTIAL = 'Shipment recorded: the order stays open until every item has shipped.'

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; order: OwnerOrder }

/** Address lines in postal order: name, street lines, city/region/postcode, country, phone, then anything else. */
export function addressLines(a: Address): string[] {
  const known = ['firstName', 'lastName', 'line1', 'line2', 'city', 'region', 'postalCode', 'country', 'phone']
  const join = (...keys: string[]) => keys.map((k) => a[k]?.trim()).filter(Boolean).join(' ')
  const lines = [join('firstName', 'lastName'), join('line1'), join('line2'), join('city', 'region', 'postalCode'), join('country'), join('phone')]
  for (const [k, v] of Object.entries(a)) if (!known.includes(k) && v.trim()) lines.push(v.trim())
  return lines.filter(Boolean)
}

function AddressBlock({ title, address }: { title: string; address: Address | null }) {
  if (!address || Object.keys(address).length === 0) return null
  return (
    <div className="address">
      <h3>{title}</h3>
      <address>
        {addressLines(address).map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </address>
    </div>
  )
}

/** The order's money lines exactly as the confirmation page and the mail print them (the server's CLDR text). */
function Totals({ order: o }: { order: OwnerOrder }) {
  return (
    <>
      <dl className="totals" data-order-summary>
        {o.summary.map((l) => (
          <div key={l.key} className={`summary-${l.key}`}>
            <dt>{l.label}</dt>
            <dd>{l.text}</dd>
          </div>
        ))}
      </dl>
      {(o.shippingOption || o.coupons.length > 0) && (
        <p className="field-hint">
          {o.shippingOption && <>Shipping option: {o.shippingOption.name}. </>}
          {o.coupons.length > 0 && <>Coupons: {o.coupons.join(', ')}.</>}
        </p>
      )}
    </>
  )
}

const METHOD: Record<string, string> = { card: 'Card', afterpay: 'Afterpay', clearpay: 'Clearpay' }
const PAYMENT_STATE: Record<string, string> = {
  authorized: 'Authorised',
  captured: 'Captured',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  voided: 'Voided',
}
const INSTALMENT_STATUS: Record<string, string> = { captured: 'Paid', scheduled: 'Scheduled', cancelled: 'Cancelled' }
/** 'YYYY-MM-DD' (a UTC day) -> 'Mar 2, 2026'. */
const dueDate = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`)
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
}

/** What a full refund does to the payment: an instalment plan gives back what was taken and cancels the rest. */
function refundWhat(o: OwnerOrder): string {
  const scheduled = (o.payment?.instalments ?? []).filter((i) => i.status === 'scheduled') ?? []
  if (!o.payment || scheduled.length === 0) return `Refund order #${o.number} in full (${formatMoney(o.chargedCents, o.currency)})?`
  const taken = o.payment.capturedCents - o.payment.refundedCents
  const method = METHOD[o.payment.method] ?? o.payment.method
  return `Refund order #${o.number}? ${formatMoney(taken, o.currency)} already paid is refunded and the ${scheduled.length} scheduled ${method} payments are cancelled.`
}

/** How the order was paid and where the payment stands (the provider's amounts; an instalment plan's schedule). */
function PaymentBlock({ order: o }: { order: OwnerOrder }) {
  const m = (n: number) => formatMoney(n, o.currency)
  const p = o.payment
  const method = METHOD[p?.method ?? o.paymentMethod] ?? o.paymentMethod
  return (
    <section className="order-payment" aria-label="Payment">
      <h3>Payment</h3>
      <p>
        {method}
        {p && <> · {PAYMENT_STATE[p.state] ?? p.state}</>}
        {p && p.capturedCents > 0 && <> · captured {m(p.capturedCents)}</>}
        {p && p.refundedCents > 0 && <> · refunded {m(p.refundedCents)}</>}
      </p>
      {p?.instalments && p.instalments.length > 0 && (
        <table className="data-table instalments">
          <caption>
            {method}: {p.instalments.length} interest-free payments
          </caption>
          <thead>
            <tr>
              <th scope="col">Payment</th>
              <th scope="col">Due</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {p.instalments.map((i) => (
              <tr key={i.number}>
                <th scope="row">{i.number}</th>
                <td>{dueDate(i.dueOn)}</td>
                <td>{m(i.amountCents)}</td>
                <td>{INSTALMENT_STATUS[i.status] ?? i.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

export function OrderDetail({ orderId }: { orderId: string }) {
  const { api, path, siteTitle, timeZone } = useCommerce()
  const [fulfilling, setFulfilling] = useState(false)
  const [slip, setSlip] = useState<Record<string, number> | null>(null)
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [busy, setBusy] = useState<Action | null>(null)
  const [confirmRefund, setConfirmRefund] = useState(false)
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null)

  const fetchOrder = useCallback(async () => {
    setLoad({ status: 'loading' })
    const res = await api.order(orderId)
    setLoad(res.ok ? { status: 'ready', order: res.data } : { status: 'error', message: res.error.message })
  }, [api, orderId])

  useEffect(() => {
    void fetchOrder()
  }, [fetchOrder])

  async function act(kind: Action) {
    setConfirmRefund(false)
    setBusy(kind)
    setMessage(null)
    const res = kind === 'confirm' ? await api.confirmPayment(orderId) : kind === 'fulfil' ? await api.fulfilOrder(orderId) : await api.refundOrder(orderId)
    setBusy(null)
    if (!res.ok) return setMessage({ kind: 'error', text: res.error.message })
    setLoad({ status: 'ready', order: res.data })
    setMessage({ kind: 'done', text: DONE[kind] })
  }

  async function fulfil(input: FulfilInput) {
    const res = await api.fulfilOrder(orderId, input)
    if (!res.ok) return res.error
    setFulfilling(false)
    setLoad({ status: 'ready', order: res.data })
    setMessage({ kind: 'done', text: res.data.status === 'fulfilled' ? DONE.fulfil : PARTIAL })
    return null
  }

  function printSlip(quantities: Record<string, number>) {
    setSlip(quantities)
    // printed once the slip is on the page; the print style sheet shows only the slip
    requestAnimationFrame(() => window.print())
  }

  if (load.status === 'loading') return <Loading what="the order" />
  if (load.status === 'error') return <LoadError message={load.message} retry={() => void fetchOrder()} />
  const o = load.order
  const canRefund = o.testMode && (o.status === 'paid' || o.status === 'fulfilled')
  return (
    <div className="order-detail">
      <p>
        <Link to={path('orders')}>← All orders</Link>
      </p>
      <h2>
        {o.kind === 'donation' ? 'Donation' : 'Order'} #{o.number} <Badge tone="status">{statusLabel(o.status)}</Badge>{' '}
        {o.kind === 'donation' && <Badge tone="donation">Donation</Badge>}{' '}
        {o.testMode && <Badge tone="test">Test mode</Badge>}
      </h2>
      <p>
        Placed {formatDate(o.created, timeZone)} by <a href={`mailto:${o.email}`}>{o.email}</a>
        {o.fulfilledOn !== null && <> · fulfilled {formatDate(o.fulfilledOn, timeZone)}</>}
        {o.refundedOn !== null && <> · refunded {formatDate(o.refundedOn, timeZone)}</>}
      </p>
      {message && (
        <div className={message.kind === 'error' ? 'alert' : 'notice'} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </div>
      )}
      <div className="form-actions">
        {o.status === 'pending' && o.testMode && (
          <button type="button" className="button primary" disabled={busy !== null} onClick={() => void act('confirm')}>
            {busy === 'confirm' ? 'Confirming…' : 'Confirm payment'}
          </button>
        )}
        {o.status === 'pending' && !o.testMode && <p className="field-hint">The payment provider confirms this payment; the order becomes paid then.</p>}
        {o.status === 'paid' && (
          <button type="button" className="button primary" disabled={busy !== null} onClick={() => setFulfilling(true)}>
            {o.fulfilments.length ? 'Fulfil the rest…' : 'Fulfil…'}
          </button>
        )}
        {o.status === 'fulfilled' && (
          <button type="button" className="button" onClick={() => printSlip(Object.fromEntries(o.entries.map((e) => [e.id, e.quantity])))}>
            Print packing slip
          </button>
        )}
        {canRefund && (
          <button type="button" className="button danger" disabled={busy !== null} onClick={() => setConfirmRefund(true)}>
            {busy === 'refund' ? 'Refunding…' : 'Refund'}
          </button>
        )}
        {!o.testMode && o.status !== 'refunded' && (
          <p className="field-hint">Live orders are refunded through the payment provider.</p>
        )}
      </div>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col">Quantity</th>
              <th scope="col">Unit price</th>
              <th scope="col">Subtotal</th>
            </tr>
          </thead>
          <tbody>
            {o.entries.map((e, i) => (
              <tr key={`${e.sku}-${i}`}>
                <th scope="row">
                  {e.title}
                  {Object.keys(e.attributes).length > 0 && <span className="field-hint"> {variantLabel(e.attributes)}</span>}
                  {e.additionalFields && (
                    <dl className="additional-fields">
                      {Object.entries(e.additionalFields).map(([k, v]) => (
                        <div key={k}>
                          <dt>{k}</dt>
                          <dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                  {e.downloadUrl && (
                    <a className="download" href={e.downloadUrl}>
                      Download link
                    </a>
                  )}
                </th>
                <td>{e.sku}</td>
                <td>{e.quantity}</td>
                <td>{formatMoney(e.unitPriceCents, o.currency)}</td>
                <td>{formatMoney(e.subTotalCents, o.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Totals order={o} />
      <PaymentBlock order={o} />
      <div className="addresses">
        <AddressBlock title="Shipping address" address={o.shippingAddress} />
        <AddressBlock title="Billing address" address={o.billingAddress} />
      </div>
      {o.giftCards.length > 0 && (
        <p>
          Gift cards bought: {o.giftCards.map((g) => `${g.code} (${formatMoney(g.amountCents, o.currency)})`).join(', ')}
        </p>
      )}
      {o.fulfilments.length > 0 && (
        <section className="order-shipments" aria-label="Shipments">
          <h3>Shipments</h3>
          <ul>
            {o.fulfilments.map((f) => (
              <li key={f.id}>
                {formatDate(f.created, timeZone)} · {f.carrier || 'Carrier not given'}
                {f.trackingNumber && (
                  <>
                    {' '}
                    ·{' '}
                    {f.trackingUrl ? (
                      <a href={f.trackingUrl} target="_blank" rel="noreferrer">
                        {f.trackingNumber}
                      </a>
                    ) : (
                      f.trackingNumber
                    )}
                  </>
                )}
                :{' '}
                {f.lines
                  .map((l) => `${l.quantity} × ${o.entries.find((e) => e.id === l.entryId)?.title ?? l.entryId}`)
                  .join(', ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      {fulfilling && <FulfilDialog order={o} onClose={() => setFulfilling(false)} onSubmit={fulfil} onPrint={printSlip} />}
      {slip && <PackingSlip order={o} quantities={slip} shopName={siteTitle ?? ''} />}
      {confirmRefund && (
        <ConfirmDialog
          title="Refund order"
          message={`${refundWhat(o)} Stock and gift-card balances are restored and subscriptions end. This is a test-mode order: no real money moves.`}
          confirmLabel="Refund order"
          cancelLabel="Cancel"
          onCancel={() => setConfirmRefund(false)}
          onConfirm={() => void act('refund')}
        />
      )}
    </div>
  )
}
