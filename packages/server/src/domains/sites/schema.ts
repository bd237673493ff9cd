import { boolean, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** A website; its row holds the website settings. `id` is the site id every site-data table refers to. */
export const websites = pgTable('websites', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  commentsEnabled: boolean('comments_enabled').notNull().default(false),
  disqusShortName: text('disqus_short_name').notNull().default(''),
  simpleLikingEnabled: boolean('simple_liking_enabled').notNull().default(true),
  /** A like needs a signed-in site member (migration 0076): the likes route answers others 401. */
  likesRequireSignIn: boolean('likes_require_sign_in').notNull().default(false),
  timeZone: text('time_zone').notNull().default('America/New_York'),
  useCLDRMoneyFormat: boolean('use_cldr_money_format').notNull().default(true),
  currency: text('currency').notNull().default('USD'),
  locale: text('locale').notNull().default('en-US'),
  /** The site icon (an image asset id of the files domain); null: the default icon. */
  iconImageId: text('icon_image_id'),
  /** The owner (an owner account id): alone may transfer the site; never removed or demoted. */
  ownerId: text('owner_id'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

/** Website roles per member (owner accounts live in the accounts domain; referenced by id only). */
export const siteMembers = pgTable(
  'site_members',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    role: smallint('role').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.ownerId, t.role] })],
)

/** The site's styles (colour palette and themes, font themes and usage) of the STYLE screen; one row per site. */
export const siteStyles = pgTable('site_styles', {
  siteId: text('site_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  /** What visitors see (the published styles). */
  styles: jsonb('styles').$type<Record<string, unknown>>().notNull(),
  /** The owner's unpublished changes (the whole styles as they would be); null: none. */
  draft: jsonb('draft').$type<Record<string, unknown>>(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

/** Pending invitations of contributors; `id` is the SHA-256 of the mailed link's token. */
export const siteInvitations = pgTable('site_invitations', {
  id: text('id').primaryKey(),
  siteId: text('site_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: smallint('role').notNull(),
  invitedBy: text('invited_by').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
})

export const sitesTables = { websites, siteMembers, siteStyles, siteInvitations }
