import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export type CommentStatus = 'approved' | 'pending' | 'spam'

/** A visitor's comment on a content item. `body` is kept as typed; it is escaped when rendered. */
export const socialComments = pgTable(
  'social_comments',
  {
    siteId: text('site_id').notNull(),
    id: text('id').primaryKey(),
    itemId: text('item_id').notNull(),
    /** The comment this one replies to: same site and item (migration 0068; deleting it sets this to null). */
    parentId: text('parent_id'),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<CommentStatus>().notNull(),
    /** Keyed hash of the poster's address (for moderation and abuse handling), never the address itself. */
    ipHash: text('ip_hash').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('social_comments_item_idx').on(t.siteId, t.itemId, t.status, t.createdAt),
    unique('social_comments_site_item_id_key').on(t.siteId, t.itemId, t.id),
    foreignKey({ name: 'social_comments_parent_fk', columns: [t.siteId, t.itemId, t.parentId], foreignColumns: [t.siteId, t.itemId, t.id] }),
  ],
)

/** One like per visitor (hash of the visitor cookie) per item or comment. */
export const socialLikes = pgTable(
  'social_likes',
  {
    siteId: text('site_id').notNull(),
    itemId: text('item_id').notNull(),
    visitorKey: text('visitor_key').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.itemId, t.visitorKey] })],
)

/** Per-site comment settings of this domain (commentsEnabled itself is a website setting). */
export const socialSettings = pgTable('social_settings', {
  siteId: text('site_id').primaryKey(),
  commentApprovalRequired: boolean('comment_approval_required').notNull().default(false),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const socialTables = { socialComments, socialLikes, socialSettings }
