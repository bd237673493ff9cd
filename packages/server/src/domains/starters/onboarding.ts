// The onboarding checklist of a site made from a starter. Each step is ticked from the site's real state, compared
// with what the starter left (kept in starter_onboarding when the site was filled): the home page's layout changed,
// a logo is set, more posts or products than the starter made, the home page published.
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Onboarding, OnboardingStep } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { starterDeclines, starterOnboarding } from './schema.js'

/** What the checklist reads of a site (the content and commerce domains answer it). */
export interface SiteState {
  home: { id: string; layout: unknown; status: string } | null
  hasLogo: boolean
  /** Blog posts + products of the site, any status. */
  contentCount: number
}

export const STEP_LABELS: Record<OnboardingStep, string> = {
  'edit-home': 'Edit the text of your home page',
  'add-logo': 'Add your logo',
  'add-content': 'Add a product or a blog post',
  publish: 'Publish your home page',
}

export const fingerprint = (layout: unknown) => createHash('sha256').update(JSON.stringify(layout ?? null)).digest('hex')

export async function recordStarter(orm: Orm, siteId: string, input: { starterId: string; homePageId: string | null; homeLayout: unknown; seededCount: number }): Promise<void> {
  await orm
    .insert(starterOnboarding)
    .values({ siteId, starterId: input.starterId, homePageId: input.homePageId, homeFingerprint: fingerprint(input.homeLayout), seededCount: input.seededCount })
    .onConflictDoUpdate({ target: starterOnboarding.siteId, set: { starterId: input.starterId, homePageId: input.homePageId, homeFingerprint: fingerprint(input.homeLayout), seededCount: input.seededCount, dismissedAt: null } })
}

export async function onboardingOf(orm: Orm, siteId: string, state: () => Promise<SiteState>): Promise<Onboarding> {
  const [row] = await orm.select().from(starterOnboarding).where(eq(starterOnboarding.siteId, siteId))
  if (!row) return { starterId: null, dismissed: false, homePageId: null, steps: [] }
  const s = await state()
  const done: Record<OnboardingStep, boolean> = {
    'edit-home': s.home !== null && (s.home.id !== row.homePageId || fingerprint(s.home.layout) !== row.homeFingerprint),
    'add-logo': s.hasLogo,
    'add-content': s.contentCount > row.seededCount,
    publish: s.home?.status === 'published',
  }
  const steps = (Object.keys(STEP_LABELS) as OnboardingStep[]).map((id) => ({ id, label: STEP_LABELS[id], done: done[id] }))
  return { starterId: row.starterId, dismissed: row.dismissedAt !== null, homePageId: s.home?.id ?? row.homePageId, steps }
}

export async function dismissOnboarding(orm: Orm, siteId: string): Promise<void> {
  await orm.update(starterOnboarding).set({ dismissedAt: new Date() }).where(eq(starterOnboarding.siteId, siteId))
}

/** The owner declined the starter chooser: kept so the empty canvas stops offering it after the next sign-in. */
export async function declineStarter(orm: Orm, siteId: string): Promise<void> {
  await orm.insert(starterDeclines).values({ siteId }).onConflictDoNothing()
}

export async function starterDeclined(orm: Orm, siteId: string): Promise<boolean> {
  const rows = await orm.select({ siteId: starterDeclines.siteId }).from(starterDeclines).where(eq(starterDeclines.siteId, siteId))
  return rows.length > 0
}
