// The trial's banner over every screen: days left (or ended) with the way to upgrade.
import { Link } from '../app/navigation.js'
import { billingPath, usePlan } from './PlanContext.js'

export function TrialBanner({ siteId, mayChangePlan }: { siteId: string; mayChangePlan: boolean }) {
  const plan = usePlan()?.plan
  if (!plan || plan.plan !== 'trial' || plan.trialDaysLeft === null) return null
  const days = plan.trialDaysLeft
  const text =
    days > 0
      ? `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}. Every feature is on until then.`
      : 'Your free trial has ended: the store, gift cards and member areas are off until you pick a plan.'
  return (
    <p className={days > 0 ? 'trial-banner' : 'trial-banner ended'} role="status">
      <span>{text}</span>{' '}
      {mayChangePlan ? (
        <Link className="button small primary" to={billingPath(siteId, 'upgrade')}>
          Upgrade
        </Link>
      ) : (
        <span className="muted">Ask an administrator to upgrade.</span>
      )}
    </p>
  )
}
