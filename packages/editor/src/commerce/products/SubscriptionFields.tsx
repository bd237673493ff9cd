// Subscription plan (PHYSICAL and SERVICE only): billing every N weeks/months/years, number of billing cycles
// (0 = until cancelled), and a preview of the storefront's price wording.
import { CheckboxField, SelectField, TextField } from '../../ui/fields.js'
import { formatMoney } from '../money.js'
import { canSubscribe, type ProductType } from '../productTypes.js'
import { BILLING_UNITS, subscriptionWording, type BillingUnit } from '../subscription.js'
import type { FieldErrors, PlanDraft } from './draft.js'

const UNIT_LABELS: Record<BillingUnit, string> = { WEEK: 'Weeks', MONTH: 'Months', YEAR: 'Years' }

interface Props {
  productType: ProductType
  isSubscribable: boolean
  plan: PlanDraft
  /** Price the preview is worded with (minor units), null when no valid price is typed yet. */
  priceCents: number | null
  currency: string
  errors: FieldErrors
  onSubscribable(on: boolean): void
  onPlan(plan: PlanDraft): void
}

export function SubscriptionFields(props: Props) {
  const { productType, isSubscribable, plan, priceCents, currency, errors } = props
  if (!canSubscribe(productType))
    return (
      <fieldset className="subscription">
        <legend>Subscription</legend>
        <p className="field-hint">Only physical products and services can be sold as subscriptions.</p>
      </fieldset>
    )
  const value = Number(plan.value)
  const cycles = Number(plan.cycles)
  const preview = subscriptionWording(
    { billingPeriod: { value: Number.isInteger(value) ? value : NaN, unit: plan.unit }, numBillingCycles: /^\d+$/.test(plan.cycles.trim()) ? cycles : -1 },
    priceCents === null ? formatMoney(0, currency) : formatMoney(priceCents, currency),
  )
  return (
    <fieldset className="subscription">
      <legend>Subscription</legend>
      <CheckboxField
        name="isSubscribable"
        label="Sell as a subscription"
        checked={isSubscribable}
        onChange={props.onSubscribable}
        error={errors.isSubscribable}
      />
      {isSubscribable && (
        <>
          <div className="inline-fields">
            <TextField
              name="billingPeriodValue"
              label="Bill every"
              value={plan.value}
              onChange={(v) => props.onPlan({ ...plan, value: v })}
              error={errors['subscriptionPlan.billingPeriod.value'] ?? errors['subscriptionPlan.billingPeriod']}
            />
            <SelectField
              name="billingPeriodUnit"
              label="Billing unit"
              value={plan.unit}
              options={BILLING_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
              onChange={(v) => props.onPlan({ ...plan, unit: v as BillingUnit })}
              error={errors['subscriptionPlan.billingPeriod.unit']}
            />
          </div>
          <TextField
            name="numBillingCycles"
            label="Number of billing cycles"
            value={plan.cycles}
            onChange={(v) => props.onPlan({ ...plan, cycles: v })}
            error={errors['subscriptionPlan.numBillingCycles'] ?? errors.subscriptionPlan}
            hint="0 bills until the subscriber cancels."
          />
          <p className="preview" aria-live="polite">
            Price shown to shoppers: <strong data-testid="subscription-preview">{preview}</strong>
          </p>
        </>
      )}
    </fieldset>
  )
}
