import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { BillingInterval, PaidPlanId, PlanId } from '@sitewright/contracts'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** A site's plan; no row: the site's trial, counted from its creation. */
export const sitePlans = pgTable('site_plans', {
  siteId: text('site_id').primaryKey(),
  plan: text('plan').$type<PlanId>().notNull(),
  interval: text('billing_interval').$type<BillingInterval>(),
  trialEndsAt: tz('trial_ends_at'),
  changedAt: tz('changed_at').notNull().defaultNow(),
})

/** Every charge attempt of a plan change: 'paid' (payment captured) or 'failed' (the provider's message kept). */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id').notNull(),
    plan: text('plan').$type<PaidPlanId>().notNull(),
    interval: text('billing_interval').$type<BillingInterval>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').$type<'paid' | 'failed'>().notNull(),
    paymentRef: text('payment_ref'),
    cardLast4: text('card_last4'),
    failure: text('failure'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('billing_invoices_site').on(t.siteId, t.createdAt)],
)

export const billingTables = { sitePlans, billingInvoices }
