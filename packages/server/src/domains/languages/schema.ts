// Tables of the languages domain (migration 0065).
import { jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** A locale added to a site besides its default (the site settings' `locale`), served under `/{prefix}/`. */
export const siteLocales = pgTable(
  'site_locales',
  {
    siteId: text('site_id').notNull(),
    locale: text('locale').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.locale] }), unique('site_locales_prefix').on(t.siteId, t.prefix)],
)

/**
 * One translated field of one object in one locale: `kind` names the object family (page, product, block, ...),
 * `objectId` the object, `field` the field (a block's `<blockId>.<prop>`). A missing row falls back to the default.
 */
export const translations = pgTable(
  'translations',
  {
    siteId: text('site_id').notNull(),
    locale: text('locale').notNull(),
    kind: text('kind').notNull(),
    objectId: text('object_id').notNull(),
    field: text('field').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.locale, t.kind, t.objectId, t.field] })],
)

export type SiteLocaleRow = typeof siteLocales.$inferSelect
export type TranslationRow = typeof translations.$inferSelect
export const languagesTables = { siteLocales, translations }
