// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import {
  FEATURE_FLAGS,
  PLANS,
  flagsOf,
  type BillingView,
  type FeatureFlag,
  type PlanChangeInput,
  type SitePlanView,
} from '@sitewright/contracts'
import type { BillingApi } from '../api/billing.js'
import type { ApiResult } from '../api/client.js'
import { parseRoute, routePath } from '../app/routes.js'
import { byLabel, byText, click, render, typeInto, waitFor, type Rendered } from '../../test/dom.js'
import { NavigationProvider } from '../app/navigation.js'
import { BillingScreen } from './BillingScreen.js'
import { FeatureGate, FeatureOffer } from './FeatureGate.js'
import { FieldEditor } from '../forms/FieldEditor.js'
import { PlanProvider } from './PlanContext.js'
import { TrialBanner } from './TrialBanner.js'
import { offeredBlockKinds } from './blockKinds.js'
import { parseExpiry } from './CardForm.js'

const names = (flags: readonly number[] | null) => offeredBlockKinds(flags).map((k) => k.typeName)

describe('plans in the editor', () => {
  it('parses the specification’s plan screens under /config', () => {
    expect(parseRoute('/config/settings/billing/billing/upgrade')).toEqual({
      name: 'billing',
      screen: 'upgrade',
    })
    expect(parseRoute('/config/settings/billing/billing/website/change-plan')).toEqual({
      name: 'billing',
      screen: 'change-plan',
    })
    expect(parseRoute('/config/settings/billing/billing/website/change-plan?site=abc')).toEqual({
      name: 'billing',
      screen: 'change-plan',
    })
    expect(routePath({ name: 'billing', screen: 'upgrade' })).toBe('/config/settings/billing/billing/upgrade')
    expect(parseRoute('/config/settings/billing/other').name).toBe('not-found')
  })

  it('offers the menu block only when its flag is on; every block outside a plan', () => {
    expect(names([])).not.toContain('menu')
    expect(names([FEATURE_FLAGS.MENU_BLOCK])).toContain('menu')
    expect(names(null)).toContain('menu')
    expect(names([])).toContain('text')
  })

  it('reads card expiry dates', () => {
    expect(parseExpiry('12/30')).toEqual({ expMonth: 12, expYear: 2030 })
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ expMonth: 1, expYear: 2031 })
    expect(parseExpiry('13/30')).toBeNull()
    expect(parseExpiry('1230')).toBeNull()
  })
})

// An in-memory billing API in the contract's shapes: 4242 pays, anything else is declined.
function billingServer(start: SitePlanView) {
  let current = start
  const invoices: BillingView['invoices'] = []
  const plans = PLANS.map((p) => ({
    id: p.id,
    name: p.name,
    monthlyCents: p.monthlyCents,
    annualCents: p.annualCents,
    monthly: `$${p.monthlyCents / 100}.00`,
    annual: `$${p.annualCents / 100}.00`,
    flags: [...p.flags],
  }))
  const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, status: 200, data })
  const api: BillingApi = {
    plan: async () => ok({ plan: current }),
    billing: async () => ok({ current, plans, invoices: [...invoices] }),
    changePlan: async (_siteId, input: PlanChangeInput) => {
      const amountCents =
        input.interval === 'annual'
          ? plans.find((p) => p.id === input.plan)!.annualCents
          : plans.find((p) => p.id === input.plan)!.monthlyCents
      const paid = input.card.number.replace(/\s/g, '') === '4242424242424242'
      const invoice = {
        id: String(invoices.length + 1),
        createdAt: new Date().toISOString(),
        plan: input.plan,
        planName: input.plan,
        interval: input.interval,
        amountCents,
        currency: 'USD',
        amount: `$${amountCents / 100}.00`,
        status: paid ? ('paid' as const) : ('failed' as const),
        cardLast4: input.card.number.slice(-4),
        failure: paid ? null : 'The card was declined.',
      }
      invoices.unshift(invoice)
      if (!paid)
        return {
          ok: false,
          error: {
            kind: 'http',
            status: 422,
            type: 'unprocessable',
            code: 'card_declined',
            message: 'The card was declined.',
            fields: {},
          },
        }
      current = {
        plan: input.plan,
        planName: input.plan,
        trialEndsAt: null,
        trialDaysLeft: null,
        interval: input.interval,
        flags: flagsOf(input.plan, null, new Date()),
      }
      return ok({ current, invoice })
    },
  }
  return { api, invoices }
}

describe('BillingScreen', () => {
  let r: Rendered | undefined
  afterEach(() => r?.unmount())
  const site = {
    id: 's1',
    slug: 's',
    title: 'Clay Studio',
    role: 1,
    roleName: 'ADMIN',
    url: '/',
    capabilities: ['billing'],
  }

  it('compares plans, shows a declined card’s message, then changes plan with 4242 and lists the invoices', async () => {
    const server = billingServer({
      plan: 'trial',
      planName: 'Trial',
      trialEndsAt: new Date(Date.now() + 3 * 864e5).toISOString(),
      trialDaysLeft: 3,
      interval: null,
      flags: [],
    })
    r = await render(<BillingScreen site={site} screen="upgrade" api={server.api} />)
    const c = r.container
    await waitFor(() => c.querySelector('.plan-table'))
    expect(c.querySelector('h1')?.textContent).toBe('Upgrade your trial')
    expect(c.textContent).toContain('Free trial, 3 days left')
    expect(c.textContent).toContain('No invoices yet.')
    await click(byText(c, 'button', 'Choose Commerce')!)
    await typeInto(byLabel(c, 'Card number'), '4000 0000 0000 0002')
    await typeInto(byLabel(c, 'Expiry (MM/YY)'), '12/40')
    await typeInto(byLabel(c, 'Security code'), '123')
    await click(c.querySelector('.card-form button[type="submit"]')!)
    expect((await waitFor(() => c.querySelector('.card-form [role="alert"]'))).textContent).toBe(
      'The card was declined.',
    )
    await waitFor(() => c.querySelector('.invoice-status.failed'))
    await typeInto(byLabel(c, 'Card number'), '4242 4242 4242 4242')
    await click(c.querySelector('.card-form button[type="submit"]')!)
    expect((await waitFor(() => c.querySelector('.billing-done'))).textContent).toContain(
      'You are now on the commerce plan',
    )
    expect(c.querySelector('.card-form')).toBeNull()
    expect(c.querySelectorAll('.invoice-status.paid')).toHaveLength(1)
    expect(byText(c, 'button', 'Current plan')).toBeTruthy()
  })

  it('tells a role without billing that it cannot change the plan', async () => {
    const server = billingServer({
      plan: 'personal',
      planName: 'Personal',
      trialEndsAt: null,
      trialDaysLeft: null,
      interval: 'monthly',
      flags: [],
    })
    r = await render(
      <BillingScreen
        site={{ ...site, roleName: 'EDITOR', capabilities: ['content'] }}
        screen="change-plan"
        api={server.api}
      />,
    )
    expect(r.container.textContent).toContain('does not include billing')
  })
})

describe('trial banner and gated screens', () => {
  let r: Rendered | undefined
  afterEach(() => r?.unmount())
  const withPlan = (plan: SitePlanView, node: React.ReactNode) => (
    <NavigationProvider>
      <PlanProvider siteId="s1" api={billingServer(plan).api}>
        {node}
      </PlanProvider>
    </NavigationProvider>
  )
  const trial = (days: number): SitePlanView => ({
    plan: 'trial',
    planName: 'Trial',
    trialEndsAt: new Date(Date.now() + days * 864e5).toISOString(),
    trialDaysLeft: days,
    interval: null,
    flags: days > 0 ? Object.values(FEATURE_FLAGS) : [FEATURE_FLAGS.MENU_BLOCK],
  })

  it('counts the trial days down and links to the upgrade screen; an ended trial says what is off', async () => {
    r = await render(withPlan(trial(1), <TrialBanner siteId="s1" mayChangePlan />))
    const banner = await waitFor(() => r!.container.querySelector('.trial-banner'))
    expect(banner.textContent).toContain('Your free trial ends in 1 day.')
    expect(banner.querySelector('a')!.getAttribute('href')).toBe(
      '/config/settings/billing/billing/upgrade?site=s1',
    )
    r.unmount()
    r = await render(withPlan(trial(0), <TrialBanner siteId="s1" mayChangePlan={false} />))
    const ended = await waitFor(() => r!.container.querySelector('.trial-banner.ended'))
    expect(ended.textContent).toContain('Your free trial has ended')
    expect(ended.querySelector('a')).toBeNull()
  })

  it('a screen whose flag is off names the plan that has it and links to change plan', async () => {
    const personal: SitePlanView = {
      plan: 'personal',
      planName: 'Personal',
      trialEndsAt: null,
      trialDaysLeft: null,
      interval: 'monthly',
      flags: [FEATURE_FLAGS.MENU_BLOCK],
    }
    r = await render(
      withPlan(
        personal,
        <FeatureGate flag={FEATURE_FLAGS.COMMERCE} siteId="s1" title="Commerce" mayChangePlan>
          <p id="inside">store</p>
        </FeatureGate>,
      ),
    )
    const link = await waitFor(() => r!.container.querySelector<HTMLAnchorElement>('.feature-gate a'))
    expect(r.container.textContent).toContain(
      'is not in the Personal plan. The Business plan and the plans above it have it.',
    )
    expect(link.getAttribute('href')).toBe('/config/settings/billing/billing/website/change-plan?site=s1')
    expect(r.container.querySelector('#inside')).toBeNull()
    r.unmount()
    r = await render(
      withPlan(
        { ...personal, plan: 'commerce', planName: 'Commerce', flags: Object.values(FEATURE_FLAGS) },
        <FeatureGate flag={FEATURE_FLAGS.COMMERCE} siteId="s1" title="Commerce" mayChangePlan>
          <p id="inside">store</p>
        </FeatureGate>,
      ),
    )
    await waitFor(() => r!.container.querySelector('#inside'))
  })

  it('a settings group whose flag is off (LIMITED_AVAILABILITY_LABELS on Business) offers the Commerce plan instead', async () => {
    const business: SitePlanView = {
      plan: 'business',
      planName: 'Business',
      trialEndsAt: null,
      trialDaysLeft: null,
      interval: 'monthly',
      flags: Object.values(FEATURE_FLAGS).filter((f) => f !== FEATURE_FLAGS.LIMITED_AVAILABILITY_LABELS && f !== FEATURE_FLAGS.COMMERCE_SUBSCRIPTIONS),
    }
    const offer = (plan: SitePlanView) =>
      withPlan(
        plan,
        <FeatureOffer flag={FEATURE_FLAGS.LIMITED_AVAILABILITY_LABELS} siteId="s1" title="Low-stock message" mayChangePlan>
          <p id="inside">scarcity form</p>
        </FeatureOffer>,
      )
    r = await render(offer(business))
    const link = await waitFor(() => r!.container.querySelector<HTMLAnchorElement>('.feature-offer a'))
    expect(r.container.textContent).toContain('Low-stock message is in the Commerce plan (this site is on Business).')
    expect(link.getAttribute('href')).toBe('/config/settings/billing/billing/website/change-plan?site=s1')
    expect(r.container.querySelector('#inside')).toBeNull()
    r.unmount()
    r = await render(offer({ ...business, plan: 'commerce', planName: 'Commerce', flags: Object.values(FEATURE_FLAGS) }))
    await waitFor(() => r!.container.querySelector('#inside'))
  })
  it("the form builder offers a textarea's maximum length only with the vanilla form handler flag (SPEC.md's Form)", async () => {
    const field = { id: 'msg', type: 'textarea' as const, title: 'Message', description: '', placeholder: '', required: false, maxLength: 40 }
    // the gate's content shows once the plan is loaded (MENU_BLOCK is on in both plans below)
    const editor = (
      <FeatureGate flag={FEATURE_FLAGS.MENU_BLOCK} siteId="s1" title="Menu" mayChangePlan>
        <p id="inside">loaded</p>
        <ul><FieldEditor field={field} index={0} count={1} onChange={() => undefined} onMove={() => undefined} onRemove={() => undefined} /></ul>
      </FeatureGate>
    )
    const planWith = (flags: FeatureFlag[]): SitePlanView => ({ plan: 'personal', planName: 'Personal', trialEndsAt: null, trialDaysLeft: null, interval: 'monthly', flags })
    const labels = () => [...r!.container.querySelectorAll('label')].map((l) => l.textContent ?? '')
    r = await render(withPlan(planWith([FEATURE_FLAGS.MENU_BLOCK, FEATURE_FLAGS.VANILLA_FORM_HANDLER]), editor))
    await waitFor(() => r!.container.querySelector('#inside'))
    expect(labels().some((t) => t.includes('Maximum length (0: no limit)'))).toBe(true)
    r.unmount()
    r = await render(withPlan(planWith([FEATURE_FLAGS.MENU_BLOCK]), editor))
    await waitFor(() => r!.container.querySelector('#inside'))
    expect(labels().some((t) => t.includes('Placeholder'))).toBe(true)
    expect(labels().some((t) => t.includes('Maximum length'))).toBe(false)
  })
})
