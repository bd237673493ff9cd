import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** The onboarding checklist of a site made from a starter: what the starter left, to tell the owner's own changes. */
export const starterOnboarding = pgTable('starter_onboarding', {
  siteId: text('site_id').primaryKey(), // REFERENCES websites (id) ON DELETE CASCADE (migration)
  starterId: text('starter_id').notNull(),
  homePageId: text('home_page_id'),
  /** sha256 of the home page's layout as the starter left it. */
  homeFingerprint: text('home_fingerprint').notNull(),
  /** Blog posts + products the starter made. */
  seededCount: integer('seeded_count').notNull().default(0),
  dismissedAt: tz('dismissed_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
})

/** A site whose owner declined the starter chooser ('Start from a blank site', migration 0062). */
export const starterDeclines = pgTable('starter_declines', {
  siteId: text('site_id').primaryKey(), // REFERENCES websites (id) ON DELETE CASCADE (migration)
  declinedAt: tz('declined_at').notNull().defaultNow(),
})

export const startersTables = { starterOnboarding, starterDeclines }
