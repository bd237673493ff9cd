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

// Owner analytics reports: GET /api/sites/:siteId/analytics/:report?from&to&interval (JSON: the report and its
// `range`; format=csv: its tables as CSV, table=<name> one of them). Counts are numbers, amounts integer minor units.

export type AnalyticsInterval = 'day' | 'week' | 'month'

/** The UTC days a report covers (YYYY-MM-DD, both included) and how its series is grouped. */
export interface AnalyticsRange {
  from: string
  to: string
  interval: AnalyticsInterval
}

export interface AnalyticsTotals {
  visits: number
  visitors: number
  pageViews: number
  /** Percent of visits with one page view, one decimal. */
  bounceRate: number
  avgTimeOnPageMs: number
}

/** One period of the traffic series (its first day). */
export interface AnalyticsPeriod {
  period: string
  pageViews: number
  visits: number
  visitors: number
  bounces: number
}

/** A source, campaign, device, browser, system or country. */
export interface AnalyticsNamed {
  name: string
  visits: number
  visitors: number
  pageViews: number
}

export type VitalBand = 'good' | 'needs-improvement' | 'poor'

/** A Web Vital's 75th percentile (ms; CLS in thousandths shown as a fraction) and its band. */
export interface AnalyticsVital {
  metric: string
  p75: number
  band: VitalBand
  samples: number
}

export interface AnalyticsReports {
  traffic: AnalyticsTotals & { previous: AnalyticsTotals; series: AnalyticsPeriod[] }
  pages: { pages: { path: string; pageViews: number; entries: number; exits: number; avgTimeMs: number }[] }
  sources: { sources: AnalyticsNamed[]; campaigns: AnalyticsNamed[] }
  devices: { devices: AnalyticsNamed[]; browsers: AnalyticsNamed[]; systems: AnalyticsNamed[]; countries: AnalyticsNamed[] }
  search: { terms: { term: string; searches: number }[] }
  funnel: {
    steps: { step: string; count: number }[]
    /** Revenue of confirmed orders, in `currency` (the store's). */
    revenue: number
    /** Of `revenue`, what the orders recovered from abandoned checkouts brought (absent: the store does not tell). */
    recoveredRevenue?: number
    currency: string
    products: { product: string; views: number; addToCart: number; revenue: number }[]
    events: { event: string; count: number }[]
  }
  vitals: {
    /** Upper limits of good and of needs-improvement, per metric. */
    thresholds: Record<string, { good: number; poor: number }>
    overall: AnalyticsVital[]
    pages: (AnalyticsVital & { path: string })[]
    series: (AnalyticsVital & { period: string })[]
  }
  errors: { errors: { fingerprint: string; message: string; stack: string; app: string; count: number; firstSeen: string; lastSeen: string; pages: string[] }[] }
  forms: { forms: { formId: string; name: string; views: number; submissions: number; rate: number }[] }
  realtime: { visitorsNow: number }
}

export type AnalyticsReportName = keyof AnalyticsReports
