// The current site's plan and feature flags, loaded once per site by the shell and reloaded after a plan change.
// Outside a provider (screens rendered alone, e.g. in tests) nothing is gated.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { BILLING_SCREENS, type SitePlanView } from '@sitewright/contracts'
import { createBillingApi, type BillingApi } from '../api/billing.js'
import { BASE } from '../app/routes.js'

interface PlanValue {
  /** null while loading or when it could not be read. */
  plan: SitePlanView | null
  /** The plan could not be read: nothing is gated in the editor (the server still refuses gated calls). */
  failed: boolean
  reload(): Promise<void>
}

const PlanContext = createContext<PlanValue | undefined>(undefined)

export function PlanProvider({
  siteId,
  api,
  children,
}: {
  siteId: string
  api?: BillingApi
  children: ReactNode
}) {
  const [billing] = useState(() => api ?? createBillingApi())
  const [plan, setPlan] = useState<SitePlanView | null>(null)
  const [failed, setFailed] = useState(false)
  const reload = useCallback(async () => {
    const res = await billing.plan(siteId)
    setPlan(res.ok ? res.data.plan : null)
    setFailed(!res.ok)
  }, [billing, siteId])
  useEffect(() => {
    setPlan(null)
    void reload()
  }, [reload])
  const value = useMemo(() => ({ plan, failed, reload }), [plan, failed, reload])
  return <PlanContext.Provider value={value}>{children}</PlanContext.Provider>
}

export function usePlan(): PlanValue | undefined {
  return useContext(PlanContext)
}

/** True when the flag is on (outside a provider: always; while the plan loads: not yet). */
export function useFlag(flag: number): boolean | null {
  const ctx = usePlan()
  if (!ctx || ctx.failed) return true
  return ctx.plan ? (ctx.plan.flags as readonly number[]).includes(flag) : null
}

/** The editor path of a billing screen for a site: the trial upgrade while on a trial, else the plan change. */
export function billingPath(siteId: string, screen: 'upgrade' | 'change-plan'): string {
  const path = screen === 'upgrade' ? BILLING_SCREENS.upgrade : BILLING_SCREENS.changePlan
  return `${BASE.replace(/\/$/, '')}${path}?site=${encodeURIComponent(siteId)}`
}

export function planScreenFor(plan: SitePlanView | null): 'upgrade' | 'change-plan' {
  return plan?.plan === 'trial' ? 'upgrade' : 'change-plan'
}
