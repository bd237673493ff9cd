// Settings' plan line: the current plan (or trial days left) and the way to the plan screen.
import { Link } from '../app/navigation.js'
import { billingPath, planScreenFor, usePlan } from './PlanContext.js'

export function PlanSummary({ siteId }: { siteId: string }) {
  const plan = usePlan()?.plan ?? null
  if (!plan) return null
  const text =
    plan.plan === 'trial'
      ? `Free trial${plan.trialDaysLeft ? `, ${plan.trialDaysLeft} ${plan.trialDaysLeft === 1 ? 'day' : 'days'} left` : ', ended'}.`
      : `${plan.planName} plan, billed ${plan.interval === 'annual' ? 'yearly' : 'monthly'}.`
  return (
    <section className="plan-summary" aria-labelledby="plan-summary-title">
      <h2 id="plan-summary-title">Plan and billing</h2>
      <p>
        {text}{' '}
        <Link to={billingPath(siteId, planScreenFor(plan))}>
          {plan.plan === 'trial' ? 'Upgrade' : 'Change plan and see invoices'}
        </Link>
      </p>
    </section>
  )
}
