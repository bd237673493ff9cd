import { bigint, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
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
    /** A cropped image: the file it was cut from and the rectangle (fractions of that file). */
    cropSource: text('crop_source'),
    crop: jsonb('crop').$type<{ x: number; y: number; width: number; height: number }>(),
    altText: text('alt_text').notNull().default(''),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    /** Generated width variants, comma-separated ('100w,300w'). */
    variants: text('variants').notNull().default(''),
    /** AVIF/WebP copies of the sizes (kept where smaller), comma-separated ('300w.avif,original.webp'); null: not made yet. */
    modernVariants: text('modern_variants'),
    /** The node making the modern copies holds them until then. */
    modernClaimedUntil: tz('modern_claimed_until'),
    status: text('status').$type<'processing' | 'ready' | 'failed'>().notNull(),
    error: text('error'),
    /** The node making the variants holds them until then (made once across nodes; a dead node's claim ends). */
    variantsClaimedUntil: tz('variants_claimed_until'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('file_assets_site_created_idx').on(t.siteId, t.createdAt, t.id)],
)


const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

/** A stored object of the PostgreSQL file storage (several nodes without object storage): key and size. */
export const fileObjects = pgTable(
  'file_objects',
  {
    siteId: text('site_id').notNull(),
    key: text('key').primaryKey(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('file_objects_site_idx').on(t.siteId, t.key)],
)

/** The bytes of a stored object in fixed-size chunks (seq 0, 1, ...). */
export const fileChunks = pgTable(
  'file_chunks',
  {
    siteId: text('site_id').notNull(),
    key: text('key')
      .notNull()
      .references(() => fileObjects.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] }), index('file_chunks_site_idx').on(t.siteId)],
)

export const filesTables = { fileAssets, fileObjects, fileChunks }
