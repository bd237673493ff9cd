// Plans and feature flags: which plan a site is on sets which features it has. One table, read by the server (which
// refuses a gated call with 403 feature_not_in_plan naming the flag) and by the editor (which offers gated blocks
// and screens only when their flag is on, and otherwise sends the owner to the change-plan screen).

/**
 * Feature flag ids. The first eight are the specification's ids; the block features the specification names
 * without an id (donation, menu, reservation-booking, Amazon) are Sitewright's own, numbered from 1001, and so are
 * LIMITED_AVAILABILITY_LABELS (1005), VANILLA_FORM_HANDLER (1006) and ABANDONED_CART_RECOVERY (1007).
 *
 * VANILLA_FORM_HANDLER is the specification's "vanilla form handler flag" ("Textarea has maxLength when the vanilla
 * form handler flag is on"): the reference's rollout flag for its current (script-light) form handler, not a plan
 * feature, so every plan here has it. It gates the textarea's character limit end to end (the editor offers the
 * property, the page renders the limit and its counter, the server enforces it); a site without it gets textareas
 * with no limit of their own, as the older handler did (forms.ts fieldProperties / textareaLimit).
 *
 * Why 15 and not the specification's 68: the specification counts 68 flags but prints only these eight, and a flag
 * is kept here only when a feature this product has sits behind it (the server answers 403 feature_not_in_plan and
 * the editor offers the plan that has it). The rest of the reference's flags gate products Sitewright does not have,
 * so a flag for them would gate nothing. Going through the reference's published plan comparison, its plan-gated
 * features are: selling (Business and up: COMMERCE), gift cards and donations (Business and up), customer accounts
 * (SITE_USER_ACCOUNTS), product reviews, subscriptions and the instalment providers (the spec's ids), limited
 * availability labels (the Commerce plans: LIMITED_AVAILABILITY_LABELS, our low-stock "scarcity" message),
 * abandoned-cart recovery mail (the Commerce plans: ABANDONED_CART_RECOVERY, the owner's recovery screen and API
 * and the reminders themselves);
 * and, with nothing here to gate, JavaScript in code blocks and code injection (our code block shows code, it never
 * runs it), promotional pop-ups and the announcement bar as editor features (a collection's pop-up is set by the
 * API and the demo only; no editor screen makes one), professional email, carrier-calculated ("advanced") shipping,
 * automatic ("advanced") discounts, commerce APIs, point of sale, selling on social channels and checkout on the
 * site's own domain.
 */
export const FEATURE_FLAGS = {
  COMMERCE: 6,
  SITE_USER_ACCOUNTS: 29,
  GIFT_CARDS: 40,
  COMMERCE_SUBSCRIPTIONS: 50,
  COMMERCE_AFTERPAY: 64,
  COMMERCE_NATIVE_PRODUCT_REVIEWS: 66,
  COMMERCE_IMPORTED_PRODUCT_REVIEWS: 67,
  COMMERCE_CLEARPAY: 68,
  DONATIONS: 1001,
  MENU_BLOCK: 1002,
  RESERVATION_BOOKING: 1003,
  AMAZON_BLOCK: 1004,
  LIMITED_AVAILABILITY_LABELS: 1005,
  VANILLA_FORM_HANDLER: 1006,
  ABANDONED_CART_RECOVERY: 1007,
} as const
export type FeatureFlagName = keyof typeof FEATURE_FLAGS
export type FeatureFlag = (typeof FEATURE_FLAGS)[FeatureFlagName]

/** What each flag opens, as the plan comparison and the gated screens name it. */
export const FEATURE_LABELS: Record<FeatureFlagName, string> = {
  COMMERCE: 'Online store: products, cart and checkout',
  SITE_USER_ACCOUNTS: 'Site members and member areas',
  GIFT_CARDS: 'Gift cards',
  COMMERCE_SUBSCRIPTIONS: 'Product subscriptions',
  COMMERCE_AFTERPAY: 'Afterpay instalments',
  COMMERCE_NATIVE_PRODUCT_REVIEWS: 'Product reviews',
  COMMERCE_IMPORTED_PRODUCT_REVIEWS: 'Imported product reviews',
  COMMERCE_CLEARPAY: 'Clearpay instalments',
  DONATIONS: 'Donation blocks',
  MENU_BLOCK: 'Menu blocks',
  RESERVATION_BOOKING: 'Reservation booking blocks',
  AMAZON_BLOCK: 'Amazon blocks',
  LIMITED_AVAILABILITY_LABELS: 'Low-stock messages (limited availability labels)',
  VANILLA_FORM_HANDLER: 'Character limits on long-text form fields',
  ABANDONED_CART_RECOVERY: 'Abandoned-checkout recovery emails',
}

export const FEATURE_NAME_OF: ReadonlyMap<number, FeatureFlagName> = new Map(
  (Object.keys(FEATURE_FLAGS) as FeatureFlagName[]).map((n) => [FEATURE_FLAGS[n], n] as const),
)

export const PAID_PLAN_IDS = ['personal', 'business', 'commerce'] as const
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number]
export type PlanId = 'trial' | PaidPlanId
export type BillingInterval = 'monthly' | 'annual'

export interface PlanSpec {
  id: PaidPlanId
  name: string
  /** Price of one month on monthly billing, in USD minor units. */
  monthlyCents: number
  /** Price of one year on annual billing, in USD minor units. */
  annualCents: number
  flags: readonly FeatureFlag[]
}

const F = FEATURE_FLAGS
const PERSONAL: readonly FeatureFlag[] = [F.MENU_BLOCK, F.VANILLA_FORM_HANDLER]
const BUSINESS: readonly FeatureFlag[] = [
  ...PERSONAL,
  F.COMMERCE,
  F.SITE_USER_ACCOUNTS,
  F.GIFT_CARDS,
  F.COMMERCE_NATIVE_PRODUCT_REVIEWS,
  F.DONATIONS,
  F.RESERVATION_BOOKING,
  F.AMAZON_BLOCK,
]
const COMMERCE: readonly FeatureFlag[] = Object.values(FEATURE_FLAGS)

/** The paid plans, cheapest first; each has every flag of the one before it. */
export const PLANS: readonly PlanSpec[] = [
  { id: 'personal', name: 'Personal', monthlyCents: 1600, annualCents: 14400, flags: PERSONAL },
  { id: 'business', name: 'Business', monthlyCents: 3300, annualCents: 27600, flags: BUSINESS },
  { id: 'commerce', name: 'Commerce', monthlyCents: 4900, annualCents: 43200, flags: COMMERCE },
]

/** A new site's trial: every feature for this many days, then the personal plan's features until it is upgraded. */
export const TRIAL_DAYS = 14
export const EXPIRED_TRIAL_PLAN: PaidPlanId = 'personal'

const DAY_MS = 24 * 60 * 60 * 1000

export function planSpec(id: PaidPlanId): PlanSpec {
  return PLANS.find((p) => p.id === id) ?? PLANS[0]!
}

export function planName(id: PlanId): string {
  return id === 'trial' ? 'Trial' : planSpec(id).name
}

/** The flags a site on `plan` has at `now` (a trial: all until it ends, then the personal plan's). */
export function flagsOf(plan: PlanId, trialEndsAt: Date | null, now: Date): FeatureFlag[] {
  if (plan === 'trial') {
    const running = trialEndsAt !== null && trialEndsAt.getTime() > now.getTime()
    return [...(running ? COMMERCE : planSpec(EXPIRED_TRIAL_PLAN).flags)]
  }
  return [...planSpec(plan).flags]
}

/** Whole days left of a trial (0 once it ended). */
export function trialDaysLeft(trialEndsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS))
}

/** The cheapest plan that has `flag` (every flag is in the commerce plan). */
export function cheapestPlanWith(flag: number): PlanSpec {
  return PLANS.find((p) => (p.flags as readonly number[]).includes(flag)) ?? PLANS[PLANS.length - 1]!
}

export function priceOf(plan: PaidPlanId, interval: BillingInterval): number {
  const p = planSpec(plan)
  return interval === 'annual' ? p.annualCents : p.monthlyCents
}

/** Block types gated by features (the specification's Amazon, donation, menu, reservation-booking). */
export const BLOCK_FEATURES: Readonly<Record<string, FeatureFlag>> = {
  amazon: F.AMAZON_BLOCK,
  donation: F.DONATIONS,
  menu: F.MENU_BLOCK,
  'reservation-booking': F.RESERVATION_BOOKING,
}

/** True when a block of `typeName` may be added with `flags` on. */
export function blockAllowed(typeName: string, flags: readonly number[]): boolean {
  const needed = BLOCK_FEATURES[typeName]
  return needed === undefined || flags.includes(needed)
}

/** The specification's owner screens, under the editor's /config. */
export const BILLING_SCREENS = {
  upgrade: '/settings/billing/billing/upgrade',
  changePlan: '/settings/billing/billing/website/change-plan',
} as const
