// Owner analytics settings: GET/PATCH /api/sites/:siteId/tracking/settings.

export interface TrackingSettings {
  /** Nothing is counted or sent for the site. */
  disabled: boolean
  /** Show the cookie banner; analytics wait for consent. */
  bannerEnabled: boolean
  /** Restrictive policy: analytics cookies are cleared unless consent was given. */
  restrictive: boolean
  bannerText: string
  acceptText: string
  declineText: string
  /** Days raw events are kept (rollups stay). */
  retentionDays: number
  /** Owner's third-party web-analytics tag id (runs only with consent). */
  analyticsTag: string
  /** Owner's pixel id (runs only with consent). */
  pixelId: string
  /** https address of the owner's tag script (loaded only after consent; its origin joins the page CSP while set). */
  tagUrl: string
}
