// Plans side by side: price for the chosen billing interval and a tick for each feature a plan has.
import {
  FEATURE_FLAGS,
  FEATURE_LABELS,
  type BillingInterval,
  type FeatureFlagName,
  type PaidPlanId,
  type PlanOffer,
  type SitePlanView,
} from '@sitewright/contracts'

const FEATURE_ORDER = Object.keys(FEATURE_FLAGS) as FeatureFlagName[]

export function PlanTable({
  plans,
  current,
  interval,
  onChoose,
}: {
  plans: PlanOffer[]
  current: SitePlanView
  interval: BillingInterval
  onChoose(plan: PaidPlanId): void
}) {
  return (
    <div className="plan-table-wrap">
      <table className="data-table plan-table">
        <caption className="visually-hidden">Features of each plan</caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {plans.map((p) => (
              <th key={p.id} scope="col" className="plan-col">
                <span className="plan-name">{p.name}</span>
                <span className="plan-price">
                  {interval === 'annual' ? p.annual : p.monthly}
                  <span className="muted">{interval === 'annual' ? ' a year' : ' a month'}</span>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FEATURE_ORDER.map((name) => (
            <tr key={name}>
              <th scope="row">
                {FEATURE_LABELS[name]} <span className="muted flag-id">({FEATURE_FLAGS[name]})</span>
              </th>
              {plans.map((p) => {
                const has = p.flags.includes(FEATURE_FLAGS[name])
                return (
                  <td key={p.id} className={has ? 'plan-has' : 'plan-lacks'}>
                    <span aria-hidden="true">{has ? '✓' : '–'}</span>
                    <span className="visually-hidden">{has ? 'Included' : 'Not included'}</span>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td />
            {plans.map((p) => {
              const isCurrent = current.plan === p.id && current.interval === interval
              return (
                <td key={p.id}>
                  <button
                    type="button"
                    className={isCurrent ? 'button secondary small' : 'button primary small'}
                    disabled={isCurrent}
                    onClick={() => onChoose(p.id)}
                  >
                    {isCurrent ? 'Current plan' : `Choose ${p.name}`}
                  </button>
                </td>
              )
            })}
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
