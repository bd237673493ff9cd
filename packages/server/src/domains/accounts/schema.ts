import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const owners = pgTable('owners', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  /** When the owner opened the confirmation link mailed at sign-up (null: not yet). */
  emailVerifiedAt: tz('email_verified_at'),
  /** A provisional account (sign-up with an email that already had an account): the address it claims. */
  claimsEmail: text('claims_email'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const ownerSessions = pgTable('owner_sessions', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id')
    .notNull()
    .references(() => owners.id, { onDelete: 'cascade' }),
  createdAt: tz('created_at').notNull().defaultNow(),
  lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
})

export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: tz('window_started_at').notNull(),
  lastFailureAt: tz('last_failure_at').notNull().defaultNow(),
})

export const ownerKnownAddresses = pgTable(
  'owner_known_addresses',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.address] })],
)

/** Mailed one-time links: confirm an address ('verify-email'), add a provisional account's sites ('claim'). */
export const ownerTokens = pgTable('owner_tokens', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id')
    .notNull()
    .references(() => owners.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull().$type<'verify-email' | 'claim'>(),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
})

export const accountsTables = { owners, ownerSessions, loginThrottle, ownerKnownAddresses, ownerTokens }
