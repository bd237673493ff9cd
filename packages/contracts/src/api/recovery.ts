// Abandoned-checkout recovery as the owner API carries it (GET/PUT .../commerce/recovery-settings, GET
// .../commerce/abandoned-checkouts) and the checkout's contact call. A checkout is abandoned when the shopper gave an
// email and did not pay within `delayHours`; up to `reminders` mails then link back to the cart.

/** The delay's bounds (hours) and the most reminders one checkout gets. */
export const RECOVERY_DELAY_HOURS = { min: 1, max: 48, default: 1 } as const
export const RECOVERY_MAX_REMINDERS = 3
/** Hours between one reminder and the next (the first goes `delayHours` after the shopper's last step). */
export const RECOVERY_REMINDER_GAP_HOURS = 24
/** How long a recovery link restores the cart after its mail went out. */
export const RECOVERY_LINK_DAYS = 7

export interface RecoverySettings {
  enabled: boolean
  /** 1-48 hours without payment before the first reminder. */
  delayHours: number
  /** 1-3 reminders. */
  reminders: number
  /** A coupon code of the store the recovery link applies to the cart (the owner's discount), or null. */
  couponCode: string | null
}

/** in_progress: within the delay; abandoned: past it without an order; recovered: ordered after a reminder. */
export type AbandonedCheckoutStatus = 'in_progress' | 'abandoned' | 'recovered'

export interface AbandonedCheckout {
  id: string
  email: string
  status: AbandonedCheckoutStatus
  /** The cart's total when last seen (minor units) and as text. */
  valueCents: number
  value: string
  /** Reminders sent so far and when the last went (ms since epoch, or null). */
  remindersSent: number
  lastReminderOn: number | null
  /** The shopper may be mailed (consent given, not unsubscribed). */
  mailable: boolean
  createdOn: number
  /** The recovered order (its number and charged total), when there is one. */
  orderNumber: number | null
  recoveredCents: number
}

export interface AbandonedCheckoutMetrics {
  abandoned: number
  recovered: number
  /** Sum of the recovered orders' charged totals. */
  recoveredRevenueCents: number
  recoveredRevenue: string
}

export interface AbandonedCheckoutPage {
  checkouts: AbandonedCheckout[]
  total: number
  page: number
  pageSize: number
  metrics: AbandonedCheckoutMetrics
}

/** POST /api/commerce/checkout/contact: the email the shopper typed and whether they agree to a reminder. */
export interface CheckoutContactInput {
  email: string
  consent: boolean
}

/**
 * Where a reminder about an unfinished cart is marketing mail that needs a ticked box first (EU/EEA, the UK,
 * Switzerland, Canada, Australia...): the checkout's box starts unticked there and ticked elsewhere; unticked, no mail.
 */
export const RECOVERY_OPT_IN_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO',
  'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO', 'GB', 'CH', 'CA', 'AU', 'NZ', 'BR', 'ZA', 'JP', 'KR',
] as const

/** Whether the reminder box starts ticked for a site language tag ('en-US' -> true, 'de-DE' -> false); restrictive consent: never. */
export function recoveryBoxTicked(locale: string | undefined, restrictiveConsent = false): boolean {
  if (restrictiveConsent) return false
  const region = /[-_]([A-Za-z]{2})\b/.exec(locale ?? '')?.[1]?.toUpperCase()
  return !!region && !(RECOVERY_OPT_IN_COUNTRIES as readonly string[]).includes(region)
}
