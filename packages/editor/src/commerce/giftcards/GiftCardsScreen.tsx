// Gift cards: code, initial amount, balance, expiry, its reminders and the ledger of balance changes; the owner can
// issue a card.
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { TextField } from '../../ui/fields.js'
import { useCommerce } from '../context.js'
import { formatMoney, toMinor } from '../money.js'
import type { GiftCard, GiftCardLedgerEntry } from '@sitewright/contracts'
import { formatDate, LoadError, Loading } from '../ui.js'
import { GiftCardRemindersForm } from './GiftCardRemindersForm.js'
import '../recovery/recovery.css'

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; cards: GiftCard[] }

const REASONS: Record<string, string> = { issued: 'Issued', purchase: 'Bought', redemption: 'Spent', refund: 'Refunded' }

/** A time as its day in the site's zone ('Jan 5, 2031'). */
function dayText(time: string, timeZone?: string): string {
  const d = new Date(time)
  try {
    return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone })
  } catch {
    return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
  }
}

/** A card's expiry as a day in the site's zone, or 'Never'. */
const expiryText = (expiresAt: string | null, timeZone?: string) => (expiresAt ? dayText(expiresAt, timeZone) : 'Never')

/** What became of a card's balance reminder and expiry notice, in words. */
function reminderText(card: GiftCard, timeZone?: string): string {
  const r = card.reminders
  if (card.orderId === null) return 'None (issued by you)'
  const sent = [r.balanceRemindedAt && `balance reminder ${dayText(r.balanceRemindedAt, timeZone)}`, r.expiryNoticedAt && `expiry notice ${dayText(r.expiryNoticedAt, timeZone)}`].filter(Boolean).join(', ')
  if (r.unsubscribed) return sent ? `Unsubscribed (sent: ${sent})` : 'Unsubscribed'
  if (!r.mailable) return r.consent === false ? 'Refused at purchase' : 'Not asked (consent needed here)'
  if (sent) return `Sent: ${sent}`
  return r.consent ? 'Agreed at purchase, none due yet' : 'None due yet'
}

function Ledger({ card }: { card: GiftCard }) {
  const { api, timeZone } = useCommerce()
  const [rows, setRows] = useState<GiftCardLedgerEntry[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void api.giftCardLedger(card.id).then((res) => {
      if (!live) return
      if (res.ok) setRows(res.data)
      else setError(res.error.message)
    })
    return () => {
      live = false
    }
  }, [api, card.id])
  if (error) return <p className="field-error">{error}</p>
  if (!rows) return <Loading what="the ledger" />
  return (
    <table className="data-table ledger" aria-label={`Ledger of ${card.code}`}>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Change</th>
          <th scope="col">Reason</th>
          <th scope="col">Order</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{formatDate(r.createdAt, timeZone)}</td>
            <td>{(r.deltaCents > 0 ? '+' : '') + formatMoney(r.deltaCents, card.currency)}</td>
            <td>{REASONS[r.reason] ?? r.reason}</td>
            <td>{r.orderId ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function GiftCardsScreen() {
  const { api, settings } = useCommerce()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [open, setOpen] = useState<string | null>(null)
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [issuing, setIssuing] = useState(false)

  const fetchCards = useCallback(async () => {
    setLoad({ status: 'loading' })
    const res = await api.giftCards()
    setLoad(res.ok ? { status: 'ready', cards: res.data } : { status: 'error', message: res.error.message })
  }, [api])
  useEffect(() => {
    void fetchCards()
  }, [fetchCards])

  async function issue(e: FormEvent) {
    e.preventDefault()
    const m = toMinor(amount, settings.currency)
    if (!m.ok) return setError(m.message)
    if (m.minor <= 0) return setError('The amount must be above zero.')
    setIssuing(true)
    const res = await api.issueGiftCard(m.minor)
    setIssuing(false)
    if (!res.ok) return setError(res.error.fields.amountCents ?? res.error.message)
    setError(undefined)
    setAmount('')
    setLoad((l) => (l.status === 'ready' ? { ...l, cards: [res.data, ...l.cards] } : l))
  }

  return (
    <div className="gift-cards">
      <GiftCardRemindersForm />
      <form className="toolbar" onSubmit={issue} noValidate>
        <TextField name="giftCardAmount" label={`Issue a gift card (${settings.currency})`} value={amount} onChange={(v) => { setAmount(v); setError(undefined) }} error={error} />
        <button type="submit" className="button secondary small" disabled={issuing}>
          {issuing ? 'Issuing…' : 'Issue'}
        </button>
      </form>
      {load.status === 'loading' && <Loading what="gift cards" />}
      {load.status === 'error' && <LoadError message={load.message} retry={() => void fetchCards()} />}
      {load.status === 'ready' && load.cards.length === 0 && <p>No gift cards yet.</p>}
      {load.status === 'ready' && load.cards.length > 0 && (
        <table className="data-table recovery-table gift-card-table">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Issued</th>
              <th scope="col">Amount</th>
              <th scope="col">Balance</th>
              <th scope="col">Expires</th>
              <th scope="col">Reminders</th>
              <th scope="col">Ledger</th>
            </tr>
          </thead>
          <tbody>
            {load.cards.map((c) => (
              <GiftCardRow key={c.id} card={c} open={open === c.id} toggle={() => setOpen(open === c.id ? null : c.id)} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

function GiftCardRow({ card: c, open, toggle }: { card: GiftCard; open: boolean; toggle(): void }) {
  const { timeZone } = useCommerce()
  return (
    <>
      <tr>
        <th scope="row">
          <code>{c.code}</code>
        </th>
        <td data-label="Issued">{formatDate(c.createdAt, timeZone)}</td>
        <td data-label="Amount">{formatMoney(c.initialCents, c.currency)}</td>
        <td data-label="Balance">{formatMoney(c.balanceCents, c.currency)}</td>
        <td data-label="Expires">{expiryText(c.expiresAt, timeZone)}</td>
        <td data-label="Reminders">{reminderText(c, timeZone)}</td>
        <td>
          <button type="button" className="button secondary small" aria-expanded={open} onClick={toggle}>
            {open ? 'Hide ledger' : 'Show ledger'}
          </button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={7}>
            <Ledger card={c} />
          </td>
        </tr>
      )}
    </>
  )
}
