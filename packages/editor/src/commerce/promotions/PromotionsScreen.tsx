// Commerce -> Promotions: the store's automatic discounts (no code), in the order carts apply them. The owner
// creates, edits, switches off and deletes them; each row says what it gives, what it applies to, when, how often it
// was used and whether it is on now.
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { CheckboxField, SelectField, TextField } from '../../ui/fields.js'
import { useCommerce } from '../context.js'
import { formatMoney } from '../money.js'
import type { Promotion, PromotionKind, PromotionTarget } from '@sitewright/contracts'
import { formatDate, LoadError, Loading } from '../ui.js'
import { draftOf, EMPTY_DRAFT, KIND_LABELS, offerText, readPromotionDraft, type PromotionDraft } from './draft.js'

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; promotions: Promotion[] }
type Choice = { id: string; title: string }
const STATUS: Record<Promotion['status'], string> = { active: 'Active', scheduled: 'Scheduled', ended: 'Ended', off: 'Off' }
const TARGETS: Record<PromotionTarget, string> = { order: 'The whole order', products: 'Chosen products', collections: 'Chosen collections' }

export function PromotionsScreen() {
  const { api, settings, timeZone } = useCommerce()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  /** The promotion being edited ('new' for a new one), or null. */
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null)
  const [notice, setNotice] = useState('')
  const money = (minor: number) => formatMoney(minor, settings.currency)

  const fetchAll = useCallback(async () => {
    setLoad({ status: 'loading' })
    const res = await api.promotions()
    setLoad(res.ok ? { status: 'ready', promotions: res.data } : { status: 'error', message: res.error.message })
  }, [api])
  useEffect(() => {
    void fetchAll()
  }, [fetchAll])

  async function remove(p: Promotion) {
    if (!window.confirm(`Delete the promotion "${p.name}"? Carts stop getting it at once.`)) return
    const res = await api.deletePromotion(p.id)
    setNotice(res.ok ? `Deleted "${p.name}".` : res.error.message)
    if (res.ok) setLoad((l) => (l.status === 'ready' ? { ...l, promotions: l.promotions.filter((x) => x.id !== p.id) } : l))
  }
  function saved(p: Promotion) {
    setEditing(null)
    setNotice(`Saved "${p.name}".`)
    setLoad((l) => (l.status !== 'ready' ? l : { ...l, promotions: l.promotions.some((x) => x.id === p.id) ? l.promotions.map((x) => (x.id === p.id ? p : x)) : [...l.promotions, p] }))
  }

  return (
    <div className="promotions">
      <div className="toolbar">
        <p className="hint">Automatic discounts: shoppers get them without a code, each as its own line in the cart and at checkout.</p>
        {!editing && (
          <button type="button" className="button primary small" onClick={() => setEditing('new')}>
            New promotion
          </button>
        )}
      </div>
      <p role="status" className="notice">{notice}</p>
      {editing && <PromotionForm key={editing === 'new' ? 'new' : editing.id} promotion={editing === 'new' ? null : editing} onSaved={saved} onCancel={() => setEditing(null)} />}
      {load.status === 'loading' && <Loading what="promotions" />}
      {load.status === 'error' && <LoadError message={load.message} retry={() => void fetchAll()} />}
      {load.status === 'ready' && load.promotions.length === 0 && <p>No promotions yet.</p>}
      {load.status === 'ready' && load.promotions.length > 0 && (
        <table className="data-table promotions-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Offer</th>
              <th scope="col">Applies to</th>
              <th scope="col">When</th>
              <th scope="col">Used</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.promotions.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.name}</th>
                <td data-label="Offer">{offerText(p, money)}</td>
                <td data-label="Applies to">{p.appliesTo === 'order' ? TARGETS.order : `${p.targetIds.length} ${p.appliesTo === 'products' ? 'product' : 'collection'}${p.targetIds.length === 1 ? '' : 's'}`}</td>
                <td data-label="When">{p.startsAt || p.endsAt ? `${p.startsAt ? formatDate(p.startsAt, timeZone) : 'Now'} – ${p.endsAt ? formatDate(p.endsAt, timeZone) : 'no end'}` : 'Always'}</td>
                <td data-label="Used">{p.usageLimit === null ? p.usedCount : `${p.usedCount} of ${p.usageLimit}`}</td>
                <td data-label="Status">{STATUS[p.status]}</td>
                <td className="row-actions">
                  <button type="button" className="button secondary small" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                    Edit
                  </button>
                  <button type="button" className="button secondary small" onClick={() => void remove(p)} aria-label={`Delete ${p.name}`}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

function PromotionForm({ promotion, onSaved, onCancel }: { promotion: Promotion | null; onSaved(p: Promotion): void; onCancel(): void }) {
  const { api, settings } = useCommerce()
  const [draft, setDraft] = useState<PromotionDraft>(promotion ? draftOf(promotion, settings.currency) : EMPTY_DRAFT)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const [choices, setChoices] = useState<{ products: Choice[]; collections: Choice[] } | null>(null)
  const set = <K extends keyof PromotionDraft>(key: K, value: PromotionDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }))
    setErrors((e) => ({ ...e, [key === 'minSubtotal' ? 'minSubtotalCents' : key]: '' }))
  }
  useEffect(() => {
    let live = true
    void Promise.all([api.productSummaries(), api.collections()]).then(([p, c]) => {
      if (live) setChoices({ products: p.ok ? p.data.map((x) => ({ id: x.id, title: x.title })) : [], collections: c.ok ? c.data.map((x) => ({ id: x.id, title: x.title })) : [] })
    })
    return () => {
      live = false
    }
  }, [api])

  async function submit(e: FormEvent) {
    e.preventDefault()
    const read = readPromotionDraft(draft, settings.currency)
    if (!read.ok) return setErrors(read.errors)
    setSaving(true)
    const res = await api.savePromotion(read.input, promotion?.id)
    setSaving(false)
    if (!res.ok) return setErrors({ ...res.error.fields, form: res.error.message })
    onSaved(res.data)
  }

  const kind = draft.kind
  const targets: PromotionTarget[] = kind === 'free_shipping' ? ['order'] : kind === 'buy_x_get_y' ? ['products', 'collections'] : ['order', 'products', 'collections']
  const appliesTo = targets.includes(draft.appliesTo) ? draft.appliesTo : targets[0]!
  const list = appliesTo === 'products' ? choices?.products : appliesTo === 'collections' ? choices?.collections : null
  return (
    <form className="promotion-form panel" onSubmit={submit} noValidate aria-label={promotion ? `Edit ${promotion.name}` : 'New promotion'}>
      <h2>{promotion ? `Edit ${promotion.name}` : 'New promotion'}</h2>
      {errors.form && <p className="field-error" role="alert">{errors.form}</p>}
      <TextField name="name" label="Name (shoppers see it in the cart)" value={draft.name} onChange={(v) => set('name', v)} error={errors.name} maxLength={100} />
      <SelectField name="kind" label="Offer" value={kind} onChange={(v) => set('kind', v as PromotionKind)} options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))} />
      {kind !== 'free_shipping' && (
        <TextField
          name="amount"
          label={kind === 'amount' ? `Amount off (${settings.currency})` : kind === 'buy_x_get_y' ? 'Percent off the items they get (100 = free)' : 'Percent off'}
          value={draft.amount}
          onChange={(v) => set('amount', v)}
          error={errors.amount}
          inputMode={kind === 'amount' ? 'decimal' : 'numeric'}
        />
      )}
      {kind === 'buy_x_get_y' && (
        <div className="field-row">
          <TextField name="buyQuantity" label="Buy (items)" value={draft.buyQuantity} onChange={(v) => set('buyQuantity', v)} error={errors.buyQuantity} inputMode="numeric" />
          <TextField name="getQuantity" label="Get (items)" value={draft.getQuantity} onChange={(v) => set('getQuantity', v)} error={errors.getQuantity} inputMode="numeric" />
        </div>
      )}
      <SelectField name="appliesTo" label="Applies to" value={appliesTo} onChange={(v) => set('appliesTo', v as PromotionTarget)} options={targets.map((t) => ({ value: t, label: TARGETS[t] }))} />
      {list !== null && (
        <fieldset className={`promotion-targets${errors.targetIds ? ' has-error' : ''}`}>
          <legend>{appliesTo === 'products' ? 'Products' : 'Collections'}</legend>
          {!list && <Loading what={appliesTo} />}
          {list?.map((c) => (
            <CheckboxField
              key={c.id}
              name={`target-${c.id}`}
              label={c.title}
              checked={draft.targetIds.includes(c.id)}
              onChange={(on) => set('targetIds', on ? [...draft.targetIds, c.id] : draft.targetIds.filter((x) => x !== c.id))}
            />
          ))}
          {errors.targetIds && <p className="field-error">{errors.targetIds}</p>}
        </fieldset>
      )}
      <TextField name="minSubtotal" label={`Minimum spend (${settings.currency}, optional)`} value={draft.minSubtotal} onChange={(v) => set('minSubtotal', v)} error={errors.minSubtotalCents} inputMode="decimal" />
      <div className="field-row">
        <DateTimeField label="Starts (optional)" value={draft.startsAt} onChange={(v) => set('startsAt', v)} error={errors.startsAt} />
        <DateTimeField label="Ends (optional)" value={draft.endsAt} onChange={(v) => set('endsAt', v)} error={errors.endsAt} />
      </div>
      <div className="field-row">
        <TextField name="usageLimit" label="Orders in all (optional)" value={draft.usageLimit} onChange={(v) => set('usageLimit', v)} error={errors.usageLimit} inputMode="numeric" />
        <TextField name="perCustomerLimit" label="Orders per customer (optional)" value={draft.perCustomerLimit} onChange={(v) => set('perCustomerLimit', v)} error={errors.perCustomerLimit} inputMode="numeric" />
      </div>
      <CheckboxField name="combinesWithCodes" label="Also applies with a coupon code" checked={draft.combinesWithCodes} onChange={(v) => set('combinesWithCodes', v)} />
      <CheckboxField name="combinesWithGiftCards" label="Also applies when a gift card pays" checked={draft.combinesWithGiftCards} onChange={(v) => set('combinesWithGiftCards', v)} />
      <CheckboxField name="active" label="On" checked={draft.active} onChange={(v) => set('active', v)} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save promotion'}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function DateTimeField({ label, value, onChange, error }: { label: string; value: string; onChange(v: string): void; error?: string | undefined }) {
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label>
        {label}
        <input type="datetime-local" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} />
      </label>
      {error && <p className="field-error">{error}</p>}
    </div>
  )
}
