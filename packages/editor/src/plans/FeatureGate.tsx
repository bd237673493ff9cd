// A screen gated by a feature flag: shown when the site's plan has the flag; otherwise it says which plan has it and
// sends the owner to the plan screen (the trial upgrade while on a trial, else the plan change).
import type { ReactNode } from 'react'
import { FEATURE_LABELS, FEATURE_NAME_OF, cheapestPlanWith } from '@sitewright/contracts'
import { Link } from '../app/navigation.js'
import { billingPath, planScreenFor, useFlag, usePlan } from './PlanContext.js'

export function FeatureGate({
  flag,
  siteId,
  title,
  mayChangePlan,
  children,
}: {
  flag: number
  siteId: string
  title: string
  mayChangePlan: boolean
  children: ReactNode
}) {
  const on = useFlag(flag)
  const plan = usePlan()?.plan ?? null
  if (on === true) return <>{children}</>
  if (on === null) return <p role="status">Loading…</p>
  const name = FEATURE_NAME_OF.get(flag)
  const label = name ? FEATURE_LABELS[name] : title
  const needed = cheapestPlanWith(flag)
  return (
    <section className="page-status feature-gate" aria-labelledby="gate-title">
      <h1 id="gate-title" tabIndex={-1}>
        {title}
      </h1>
      <p>
        {label}{' '}
        {plan?.plan === 'trial'
          ? 'ended with your trial'
          : `is not in the ${plan?.planName ?? 'current'} plan`}
        . The <strong>{needed.name}</strong> plan
        {needed.id === 'commerce' ? ' has it' : ' and the plans above it have it'}.
      </p>
      {mayChangePlan ? (
        <Link className="button primary" to={billingPath(siteId, planScreenFor(plan))}>
          {plan?.plan === 'trial' ? 'Upgrade your trial' : 'Change plan'}
        </Link>
      ) : (
        <p className="muted">Ask an administrator of the site to change its plan.</p>
      )}
    </section>
  )
}

/**
 * A part of a screen gated by a feature flag (a settings group): shown when the site's plan has the flag; otherwise
 * one line saying which plan has it, with the way to that plan when the owner may change it.
 */
export function FeatureOffer({ flag, siteId, title, mayChangePlan, children }: { flag: number; siteId: string; title: string; mayChangePlan: boolean; children: ReactNode }) {
  const on = useFlag(flag)
  const plan = usePlan()?.plan ?? null
  if (on === true) return <>{children}</>
  if (on === null) return null
  const needed = cheapestPlanWith(flag)
  return (
    <section className="feature-offer" aria-label={title}>
      <h2>{title}</h2>
      <p>
        {title} {needed.id === 'commerce' ? 'is in' : 'starts with'} the <strong>{needed.name}</strong> plan
        {plan && plan.plan !== 'trial' ? ` (this site is on ${plan.planName})` : ''}.{' '}
        {mayChangePlan ? (
          <Link to={billingPath(siteId, planScreenFor(plan))}>{plan?.plan === 'trial' ? 'Upgrade your trial' : 'Change plan'}</Link>
        ) : (
          <span className="muted">Ask an administrator of the site to change its plan.</span>
        )}
      </p>
    </section>
  )
}
