// Gift-card reminders as the owner API carries them (GET/PUT .../commerce/gift-card-reminder-settings): a reminder to
// a card's holder when a balance is left `balanceMonths` after the card was issued, and an expiry the owner may set
// where the site's country allows it, with a notice `noticeDays` before. Each mail goes once per card.

/** Months after issue before the balance reminder (bounds and default). */
export const GIFT_CARD_BALANCE_MONTHS = { min: 1, max: 36, default: 6 } as const
/** Days before the expiry that the notice goes out. */
export const GIFT_CARD_NOTICE_DAYS = { min: 7, max: 90, default: 30 } as const
/** A month of the reminder clock: 30 days. */
export const GIFT_CARD_MONTH_DAYS = 30

export interface GiftCardReminderSettings {
  /** Mail the holder once when a balance is left `balanceMonths` after issue. */
  balanceReminder: boolean
  balanceMonths: number
  /** Months from issue until a newly issued card expires, or null: cards never expire. Checked against `country`. */
  expiryMonths: number | null
  /** Days before the expiry that the holder is told (once). */
  noticeDays: number
  /** The site's country (ISO 3166-1 alpha-2): whose gift-card rules apply. */
  country: string
}

/**
 * Whether a gift card may expire in a country, and if so how soon at the earliest (months from issue). Data, not
 * legal advice: the owner's expiry is refused below the minimum or where none is allowed. Countries not listed get
 * GIFT_CARD_EXPIRY_DEFAULT_RULE.
 */
export interface GiftCardExpiryRule {
  expiryAllowed: boolean
  minMonths: number
  /** Where consent is needed before a balance reminder (opt-in marketing rules). */
  reminderNeedsConsent: boolean
}
export const GIFT_CARD_EXPIRY_RULES: Readonly<Record<string, GiftCardExpiryRule>> = {
  US: { expiryAllowed: true, minMonths: 60, reminderNeedsConsent: false }, // federal CARD Act: at least 5 years
  CA: { expiryAllowed: false, minMonths: 0, reminderNeedsConsent: true }, // most provinces ban expiry dates
  GB: { expiryAllowed: true, minMonths: 12, reminderNeedsConsent: true },
  IE: { expiryAllowed: true, minMonths: 60, reminderNeedsConsent: true }, // Gift Vouchers Act 2019: 5 years
  DE: { expiryAllowed: true, minMonths: 36, reminderNeedsConsent: true }, // the 3-year limitation period
  FR: { expiryAllowed: true, minMonths: 12, reminderNeedsConsent: true },
  AU: { expiryAllowed: true, minMonths: 36, reminderNeedsConsent: true }, // 3 years since 2019
  NZ: { expiryAllowed: true, minMonths: 36, reminderNeedsConsent: true },
}
export const GIFT_CARD_EXPIRY_DEFAULT_RULE: GiftCardExpiryRule = { expiryAllowed: true, minMonths: 60, reminderNeedsConsent: true }

export function giftCardExpiryRule(country: string): GiftCardExpiryRule {
  return GIFT_CARD_EXPIRY_RULES[country.toUpperCase()] ?? GIFT_CARD_EXPIRY_DEFAULT_RULE
}

/** Why an owner's expiry is refused in `country` (the field's message), or null when it is allowed. */
export function giftCardExpiryProblem(country: string, expiryMonths: number | null): string | null {
  if (expiryMonths === null) return null
  const rule = giftCardExpiryRule(country)
  if (!rule.expiryAllowed) return 'Gift cards may not expire in this country.'
  if (expiryMonths < rule.minMonths) return `Gift cards may expire no sooner than ${rule.minMonths} months in this country.`
  return null
}

/** The gift-card page's box for the card's reminders, by this field name of the cart entry ('true' / 'false'). */
export const GIFT_CARD_REMINDER_CONSENT_FIELD = 'reminderConsent'

/**
 * Whether the gift-card page's reminder box starts ticked: only where the country's rules let a reminder go without
 * asking first and the site's consent settings are not the restrictive kind; elsewhere the buyer opts in.
 */
export function giftCardReminderBoxTicked(country: string, restrictiveConsent = false): boolean {
  return !restrictiveConsent && !giftCardExpiryRule(country).reminderNeedsConsent
}

/**
 * Whether a card's holder may be mailed its reminders: the buyer's answer to the box when there was one (true, or
 * false: refused), else (null: not asked) the country's rules.
 */
export function giftCardRemindersAllowed(consent: boolean | null, country: string): boolean {
  return consent ?? !giftCardExpiryRule(country).reminderNeedsConsent
}

/** A card's reminders as the owner's gift-card list shows them. */
export interface GiftCardReminderStatus {
  /** The buyer's answer to the reminder box: true, false (refused) or null (not asked; the country's rules decide). */
  consent: boolean | null
  /** The holder stopped the card's reminders (the mail's unsubscribe link). */
  unsubscribed: boolean
  /**
   * Whether its reminders may be mailed: a card bought with an order (an owner-issued card has no holder to mail),
   * not unsubscribed, and allowed by its consent under the shop country's rules (giftCardRemindersAllowed).
   */
  mailable: boolean
  /** When the balance reminder and the expiry notice were due and handled (ISO 8601; mailed when mailable), or null: not yet. */
  balanceRemindedAt: string | null
  expiryNoticedAt: string | null
}
