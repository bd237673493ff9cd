// Notifications: the owner's notification settings and the email previews (COMMERCE_EMAIL_PREVIEW 301).

/** What an owner is mailed about on one site (every one on by default). */
export interface NotificationSettings {
  newOrder: boolean
  formSubmission: boolean
  lowStock: boolean
  /** Low-stock mail once a variant's stock falls to this many units or fewer. */
  lowStockThreshold: number
  newReview: boolean
  newMember: boolean
  restockDemand: boolean
}

export type EmailAudience = 'shopper' | 'owner'

export interface EmailTemplateSummary {
  name: string
  title: string
  audience: EmailAudience
  /** The owner setting that turns it on or off (owner mails). */
  setting: keyof NotificationSettings | null
}

/** GET .../notifications/emails/:name/preview */
export interface EmailPreview {
  name: string
  from: string
  subject: string
  text: string
  html: string
}
