// The plan screens of the specification: /settings/billing/billing/upgrade (the trial upgrade) and
// /settings/billing/billing/website/change-plan (a plan change). Compare plans, pay with a card of the test-mode
// provider, see the invoices. For roles holding 'billing' (ADMIN, BILLING).
import { useCallback, useEffect, useState } from 'react'
import type { BillingInterval, BillingView, PaidPlanId, PlanChangeInput } from '@sitewright/contracts'
import { createBillingApi, type BillingApi } from '../api/billing.js'
import type { SiteSummary } from '../api/types.js'
import { CardForm } from './CardForm.js'
import { InvoiceList } from './InvoiceList.js'
import { usePlan } from './PlanContext.js'
import { PlanTable } from './PlanTable.js'
import './plans.css'

export type BillingScreenKind = 'upgrade' | 'change-plan'

function currentText(view: BillingView): string {
  const c = view.current
  if (c.plan === 'trial')
    return c.trialDaysLeft
      ? `Free trial, ${c.trialDaysLeft} ${c.trialDaysLeft === 1 ? 'day' : 'days'} left: every feature is on.`
      : 'Free trial, ended: the personal plan’s features only.'
  return `${c.planName} plan, billed ${c.interval === 'annual' ? 'yearly' : 'monthly'}.`
}

export function BillingScreen({
  site,
  screen,
  api,
}: {
  site: SiteSummary
  screen: BillingScreenKind
  api?: BillingApi
}) {
  const [billing] = useState(() => api ?? createBillingApi())
  const plan = usePlan()
  const siteId = String(site.id)
  const [view, setView] = useState<BillingView | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [interval, setInterval] = useState<BillingInterval>('monthly')
  const [chosen, setChosen] = useState<PaidPlanId | null>(null)
  const [busy, setBusy] = useState(false)
  const [payError, setPayError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const [done, setDone] = useState<string | null>(null)
  const allowed = !site.capabilities || site.capabilities.includes('billing')

  const load = useCallback(async () => {
    const res = await billing.billing(siteId)
    if (res.ok) setView(res.data)
    else setLoadError(res.error.message)
  }, [billing, siteId])
  useEffect(() => {
    if (allowed) void load()
  }, [load, allowed])

  async function pay(card: PlanChangeInput['card']) {
    if (!chosen) return
    setBusy(true)
    setPayError(null)
    setFields({})
    const res = await billing.changePlan(siteId, { plan: chosen, interval, card })
    setBusy(false)
    if (!res.ok) {
      await load()
      setPayError(res.error.message)
      setFields(res.error.fields)
      return
    }
    // the invoices and the plan's flags are read again before the success is shown
    await Promise.all([load(), plan?.reload()])
    setChosen(null)
    setDone(`You are now on the ${res.data.current.planName} plan. Invoice paid: ${res.data.invoice.amount}.`)
  }

  const title = screen === 'upgrade' ? 'Upgrade your trial' : 'Change plan'
  const offer = view?.plans.find((p) => p.id === chosen)
  return (
    <section className="billing" aria-labelledby="billing-title">
      <h1 id="billing-title" tabIndex={-1}>
        {title}
      </h1>
      {!allowed ? (
        <p>
          Your role on this site ({site.roleName.toLowerCase().replace(/_/g, ' ')}) does not include billing.
          Ask an administrator to change the plan.
        </p>
      ) : loadError ? (
        <p className="alert" role="alert">
          {loadError}
        </p>
      ) : !view ? (
        <p role="status">Loading plans…</p>
      ) : (
        <>
          <p className="lead">
            {site.title}: {currentText(view)}
          </p>
          {done && (
            <p className="status billing-done" role="status">
              {done}
            </p>
          )}
          <fieldset className="interval-toggle">
            <legend>Billing</legend>
            {(['monthly', 'annual'] as const).map((i) => (
              <label key={i}>
                <input
                  type="radio"
                  name="interval"
                  value={i}
                  checked={interval === i}
                  onChange={() => setInterval(i)}
                />{' '}
                {i === 'monthly' ? 'Monthly' : 'Annual (save about 25%)'}
              </label>
            ))}
          </fieldset>
          <PlanTable
            plans={view.plans}
            current={view.current}
            interval={interval}
            onChoose={(id) => {
              setChosen(id)
              setPayError(null)
              setDone(null)
            }}
          />
          {offer && (
            <CardForm
              key={`${offer.id}-${interval}`}
              plan={offer}
              interval={interval}
              busy={busy}
              error={payError}
              fields={fields}
              onPay={(card) => void pay(card)}
              onCancel={() => setChosen(null)}
            />
          )}
          <InvoiceList invoices={view.invoices} />
        </>
      )}
    </section>
  )
}
