import { bigint, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { ColorData } from './images.js'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** An uploaded file of a site. Bytes live in the file storage under '<siteId>/<id>/original' (+ '<W>w' variants). */
export const fileAssets = pgTable(
  'file_assets',
  {
    siteId: text('site_id').notNull(),
    id: text('id').primaryKey(),
    filename: text('filename').notNull(),
    mime: text('mime').notNull(),
    kind: text('kind').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    focalX: doublePrecision('focal_x').notNull().default(0.5),
    focalY: doublePrecision('focal_y').notNull().default(0.5),
    colorData: jsonb('color_data').$type<ColorData>(),
    altText: text('alt_text').notNull().default(''),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    /** Generated width variants, comma-separated ('100w,300w'). */
    variants: text('variants').notNull().default(''),
    status: text('status').$type<'processing' | 'ready' | 'failed'>().notNull(),
    error: text('error'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('file_assets_site_created_idx').on(t.siteId, t.createdAt, t.id)],
)

export const filesTables = { fileAssets }
