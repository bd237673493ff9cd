// Tables of the custom-domains domain (migration 0045).
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** One hostname of one site: its DNS proof, state, certificate (the key sealed with SECRETS_KEY) and work lease. */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id').notNull(),
    hostname: text('hostname').notNull().unique(),
    status: text('status').notNull().default('pending'),
    isPrimary: boolean('is_primary').notNull().default(false),
    token: text('token').notNull(),
    error: text('error'),
    verifiedAt: tz('verified_at'),
    checks: integer('checks').notNull().default(0),
    nextCheckAt: tz('next_check_at').notNull().defaultNow(),
    certPem: text('cert_pem'),
    keySealed: text('key_sealed'),
    certIssuer: text('cert_issuer'),
    certNotAfter: tz('cert_not_after'),
    certServedSince: tz('cert_served_since'),
    renewFailures: integer('renew_failures').notNull().default(0),
    leaseUntil: tz('lease_until'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('custom_domains_site').on(t.siteId)],
)

/** The HTTP-01 key authorizations being asked for, so any node answers the CA. */
export const acmeChallenges = pgTable('acme_challenges', {
  token: text('token').primaryKey(),
  keyAuthorization: text('key_authorization').notNull(),
  hostname: text('hostname').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
})

/** The ACME account key of each directory, sealed. */
export const acmeAccounts = pgTable('acme_accounts', {
  directoryUrl: text('directory_url').primaryKey(),
  keySealed: text('key_sealed').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
})

export type DomainRow = typeof customDomains.$inferSelect
export const customDomainsTables = { customDomains, acmeChallenges, acmeAccounts }
