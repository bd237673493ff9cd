// Starter templates, onboarding and whole-site copies: /api/starters, POST /api/sites,
// /api/sites/:siteId/starter, /api/sites/:siteId/duplicate, /api/sites/:siteId/onboarding. Types only.
import type { SiteSummary } from './sites.js'

/** One starter template as the chooser shows it (GET /api/starters). */
export interface StarterSummary {
  id: string
  /** Short name ("Shop"). */
  name: string
  /** What kind of site it is ("A store"). */
  kind: string
  summary: string
  /** Five swatches, lightest to darkest, for the card. */
  palette: string[]
  headingFont: string
  bodyFont: string
  /** Where the live preview of its home page is (an iframe src; redirects to the preview site). */
  previewUrl: string
}

/** GET /api/starters. */
export interface StarterList {
  starters: StarterSummary[]
}

/** POST /api/sites: a new site of the signed-in owner, filled from a starter. */
export interface NewSiteInput {
  title: string
  slug?: string
  starterId: string
}

/** POST /api/sites/:siteId/starter: fills a site that has no pages yet (right after sign-up). */
export interface ApplyStarterInput {
  starterId: string
}

/** POST /api/sites/:siteId/duplicate: a copy of the whole site under a new address. */
export interface DuplicateSiteInput {
  title?: string
  slug?: string
}

/** The answer of POST /api/sites, /starter and /duplicate: the site and its home page (to open in the canvas). */
export interface SiteFromStarter {
  site: SiteSummary
  homePageId: string | null
}

/**
 * GET /api/sites/:siteId/starter (and the answer of POST .../starter/decline): whether the starter chooser is still
 * offered. A site with no pages can be filled from a starter; the empty canvas offers it until the owner declined
 * ('Start from a blank site'), Settings for as long as the site has no pages.
 */
export interface StarterOffer {
  /** The site has no pages: a starter can still fill it. */
  empty: boolean
  /** The owner declined the chooser (kept across sign-ins). */
  declined: boolean
}

export type OnboardingStep = 'edit-home' | 'add-logo' | 'add-content' | 'publish'

/** GET /api/sites/:siteId/onboarding: the checklist, ticked from the site's real state. */
export interface Onboarding {
  /** null: the site was not made from a starter (no checklist). */
  starterId: string | null
  dismissed: boolean
  homePageId: string | null
  steps: { id: OnboardingStep; label: string; done: boolean }[]
}
