import { boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** A site member (customer account) of one site; the email is unique per site. */
export const siteUsers = pgTable('site_users', {
  id: text('id').primaryKey(),
  siteId: text('site_id').notNull(),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: tz('email_verified_at'),
  newsletter: boolean('newsletter').notNull().default(false),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  /** Given access by the owner (member areas open to every member, whatever the tags). */
  compAccess: boolean('comp_access').notNull().default(false),
  /** The cart the member had when last signed in (given back at the next sign-in). */
  cartToken: text('cart_token'),
  createdAt: tz('created_at').notNull().defaultNow(),
  lastSignInAt: tz('last_sign_in_at'),
})

export const siteUserSessions = pgTable('site_user_sessions', {
  id: text('id').primaryKey(),
  siteId: text('site_id').notNull(),
  userId: text('user_id').notNull(),
  remember: boolean('remember').notNull().default(false),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
})

/** One-use mail links: `id` is the SHA-256 of the token in the link. */
export const siteUserTokens = pgTable('site_user_tokens', {
  id: text('id').primaryKey(),
  siteId: text('site_id').notNull(),
  userId: text('user_id').notNull(),
  kind: text('kind').$type<'verify' | 'reset'>().notNull(),
  expiresAt: tz('expires_at').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
})

export const siteUserAddresses = pgTable('site_user_addresses', {
  id: text('id').primaryKey(),
  siteId: text('site_id').notNull(),
  userId: text('user_id').notNull(),
  name: text('name').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2').notNull().default(''),
  city: text('city').notNull(),
  region: text('region').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  country: text('country').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
})

export const memberAreaRules = pgTable(
  'member_area_rules',
  {
    siteId: text('site_id').notNull(),
    collectionId: text('collection_id').notNull(),
    rule: text('rule').$type<'members' | 'tag' | 'product'>().notNull(),
    tag: text('tag').notNull().default(''),
    /** The PAYWALL product whose buyers may read the area (rule 'product'). */
    productId: text('product_id'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.collectionId] })],
)

export const membersTables = { siteUsers, siteUserSessions, siteUserTokens, siteUserAddresses, memberAreaRules }
