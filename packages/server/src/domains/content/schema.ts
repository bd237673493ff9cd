import type { ConnectedLink, NavigationPlace } from '@sitewright/contracts'
import { sql } from 'drizzle-orm'
import { boolean, customType, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
/** Generated full-text search vector (read only; maintained by PostgreSQL). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** The search vectors (the same expressions as migrations/0002_content.sql). */
const COLLECTION_SEARCH = `setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(seo_description, '')), 'B') || setweight(to_tsvector('english', regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'C') || setweight(jsonb_to_tsvector('english', coalesce(layout, '{}'::jsonb), '["string"]'), 'D')`
const ITEM_SEARCH = `setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(tags::text, '') || ' ' || coalesce(categories::text, '')), 'B') || setweight(to_tsvector('english', regexp_replace(coalesce(excerpt, '') || ' ' || coalesce(body, ''), '<[^>]*>', ' ', 'g')), 'C')`

/** Pages and collections (a page is a collection of type 10). `url_id` may hold slashes (children of an index). */
export const contentCollections = pgTable('content_collections', {
  id: text('id').primaryKey(),
  siteId: text('site_id').notNull(), // REFERENCES websites (id) ON DELETE CASCADE (migration)
  parentId: text('parent_id'),
  type: smallint('type').notNull(),
  typeName: text('type_name').notNull(),
  title: text('title').notNull(),
  navigationTitle: text('navigation_title').notNull().default(''),
  urlId: text('url_id').notNull(),
  description: text('description').notNull().default(''),
  navigation: text('navigation').notNull().default('main'),
  ordering: integer('ordering').notNull().default(0),
  folder: boolean('folder').notNull().default(false),
  folderBehavior: smallint('folder_behavior').notNull().default(1),
  homepage: boolean('homepage').notNull().default(false),
  backgroundSource: smallint('background_source').notNull().default(4),
  mainImageId: text('main_image_id'),
  calendarView: boolean('calendar_view').notNull().default(false),
  showPastOrUpcoming: text('show_past_or_upcoming').notNull().default('both'),
  view: text('view').notNull().default('list'),
  pageSize: integer('page_size').notNull().default(10),
  gallery: jsonb('gallery'),
  layout: jsonb('layout'),
  lock: text('lock').notNull().default('none'),
  lockPasswordHash: text('lock_password_hash'),
  seoTitle: text('seo_title').notNull().default(''),
  seoDescription: text('seo_description').notNull().default(''),
  seoHidden: boolean('seo_hidden').notNull().default(false),
  status: text('status').notNull().default('published'),
  publishOn: tz('publish_on').notNull().defaultNow(),
  settings: jsonb('settings').notNull().default({}),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  search: tsvector('search').generatedAlwaysAs(sql.raw(COLLECTION_SEARCH)),
})

/** Items of a collection: posts, events, gallery images, ... (products live in the commerce domain). */
export const contentItems = pgTable('content_items', {
  id: text('id').primaryKey(),
  siteId: text('site_id').notNull(), // REFERENCES websites (id) ON DELETE CASCADE (migration)
  collectionId: text('collection_id')
    .notNull()
    .references(() => contentCollections.id, { onDelete: 'cascade' }),
  recordType: smallint('record_type').notNull(),
  title: text('title').notNull().default(''),
  urlId: text('url_id').notNull(),
  excerpt: text('excerpt').notNull().default(''),
  body: text('body').notNull().default(''),
  authorName: text('author_name').notNull().default(''),
  status: text('status').notNull().default('published'),
  publishOn: tz('publish_on').notNull().defaultNow(),
  ordering: integer('ordering').notNull().default(0),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  categories: jsonb('categories').$type<string[]>().notNull().default([]),
  mainImageId: text('main_image_id'),
  externalLink: text('external_link'),
  sourceUrl: text('source_url'),
  promotedBlockType: text('promoted_block_type'),
  commentState: smallint('comment_state').notNull().default(2),
  startDate: tz('start_date'),
  endDate: tz('end_date'),
  location: jsonb('location'),
  layout: jsonb('layout'),
  data: jsonb('data').notNull().default({}),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  search: tsvector('search').generatedAlwaysAs(sql.raw(ITEM_SEARCH)),
})

/** Automatic 301 redirects recorded when a slug changes (old path -> new path). */
export const contentRedirects = pgTable(
  'content_redirects',
  {
    siteId: text('site_id').notNull(),
    fromPath: text('from_path').notNull(),
    toPath: text('to_path').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.fromPath] })],
)

export interface SocialAccount {
  serviceName: string
  userName: string
  profileUrl: string
}

/** Site-wide content: description, tag line, logo, social follow accounts, connected-account link entries. */
export const contentSiteProfiles = pgTable('content_site_profiles', {
  siteId: text('site_id').primaryKey(),
  siteDescription: text('site_description').notNull().default(''),
  tagLine: text('tag_line').notNull().default(''),
  logoImageId: text('logo_image_id'),
  socialAccounts: jsonb('social_accounts').$type<SocialAccount[]>().notNull().default([]),
  connectedLinks: jsonb('connected_links').$type<ConnectedLink[]>().notNull().default([]),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

/** One image of a connected account's feed. */
export interface FeedImage {
  url: string
  title: string
  /** The photo's own page at the service. */
  link?: string
}

/** The cached feeds of gallery blocks' connected accounts (migration 0032), one row per site and feed address. */
export const contentGalleryFeeds = pgTable(
  'content_gallery_feeds',
  {
    siteId: text('site_id').notNull(),
    feedUrl: text('feed_url').notNull(),
    images: jsonb('images').$type<FeedImage[]>().notNull().default([]),
    fetchedAt: tz('fetched_at').notNull().defaultNow(),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.feedUrl] })],
)

/** One page's place in a navigation draft. */
export type NavigationDraftEntry = NavigationPlace

/** The navigation as the owner arranged it, not yet published (issue 36): visitors keep the pages' own columns. */
export const navigationDrafts = pgTable('navigation_drafts', {
  siteId: text('site_id').primaryKey(), // REFERENCES websites (id) ON DELETE CASCADE (migration)
  pages: jsonb('pages').$type<NavigationDraftEntry[]>().notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const contentTables = { contentCollections, contentItems, contentRedirects, contentSiteProfiles, contentGalleryFeeds, navigationDrafts }
export type GalleryFeedRow = typeof contentGalleryFeeds.$inferSelect
export type ProfileRow = typeof contentSiteProfiles.$inferSelect
export type CollectionRow = typeof contentCollections.$inferSelect
export type ItemRow = typeof contentItems.$inferSelect
