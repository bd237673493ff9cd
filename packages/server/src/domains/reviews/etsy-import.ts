// Etsy review exports (CSV or JSON) -> imported reviews. Etsy's export names its columns in a few ways over the
// years (reviewer / buyer, date_reviewed / date, star_rating / rating, message / review ...): each field takes the
// first column it knows, case- and separator-insensitively. Rows without a usable rating are skipped and counted.
import { createHash } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { AppError } from '../../platform/errors.js'
import { isSafeLink } from '../../platform/url-policy.js'
import type { NewReview } from './service.js'

const FIELDS = {
  reviewer: ['reviewer', 'buyer', 'reviewer_name', 'buyer_name', 'name', 'user_name', 'username'],
  date: ['date_reviewed', 'date', 'review_date', 'created_at', 'create_date', 'created'],
  rating: ['star_rating', 'rating', 'stars', 'score'],
  text: ['message', 'review', 'text', 'review_text', 'comment'],
  product: ['listing_title', 'product', 'product_name', 'item', 'item_name', 'title', 'listing'],
  productImage: ['listing_image', 'listing_image_url', 'product_image', 'product_image_url', 'image_url', 'etsy_image_urls'],
  photo: ['review_photo', 'photo', 'photo_url', 'review_image', 'review_image_url', 'images'],
  order: ['order_id', 'order', 'transaction_id', 'receipt_id'],
} as const

const norm = (k: string) => k.trim().toLowerCase().replace(/[\s-]+/g, '_')

function pick(row: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const k of keys) if (row[k] !== undefined && row[k] !== null && row[k] !== '') return row[k]
  return undefined
}

function urls(v: unknown): string[] {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[\s,|]+/) : []
  return list.filter((u): u is string => typeof u === 'string' && /^https?:\/\//i.test(u) && isSafeLink(u)).slice(0, 10)
}

function rowsOf(format: 'csv' | 'json', data: string): Record<string, unknown>[] {
  try {
    if (format === 'csv') return parse(data, { columns: true, skip_empty_lines: true, trim: true, bom: true, relax_column_count: true }) as Record<string, unknown>[]
    const parsed: unknown = JSON.parse(data)
    const list = Array.isArray(parsed) ? parsed : typeof parsed === 'object' && parsed && Array.isArray((parsed as { reviews?: unknown }).reviews) ? (parsed as { reviews: unknown[] }).reviews : null
    if (!list) throw new Error('not a list')
    return list.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r))
  } catch {
    throw new AppError('invalid_data', 'import_unreadable', format === 'csv' ? 'This file is not a readable CSV export.' : 'This file is not a JSON list of reviews.')
  }
}

export interface ParsedImport {
  reviews: NewReview[]
  skipped: number
}

/** Parses an export into reviews of the store (productId from `productOf(name)` when a listing matches). */
export function parseEtsyExport(format: 'csv' | 'json', data: string, productOf: (name: string) => string | null): ParsedImport {
  const reviews: NewReview[] = []
  let skipped = 0
  for (const raw of rowsOf(format, data)) {
    const row: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(raw)) row[norm(k)] = v
    const rating = Math.round(Number(pick(row, FIELDS.rating)))
    if (!Number.isFinite(rating) || rating < 1 || rating > 5) {
      skipped++
      continue
    }
    const text = String(pick(row, FIELDS.text) ?? '').slice(0, 5000)
    const reviewer = String(pick(row, FIELDS.reviewer) ?? '').trim().slice(0, 80)
    const [first = '', ...rest] = reviewer.split(/\s+/)
    const when = pick(row, FIELDS.date)
    const date = typeof when === 'number' ? new Date(when < 1e12 ? when * 1000 : when) : when ? new Date(String(when)) : null
    const product = String(pick(row, FIELDS.product) ?? '').trim().slice(0, 200)
    const order = pick(row, FIELDS.order)
    const key = createHash('sha256').update(JSON.stringify([reviewer, date?.toISOString() ?? '', rating, text, product, order ?? ''])).digest('hex').slice(0, 32)
    reviews.push({
      productId: product ? productOf(product) : null,
      starRating: rating,
      text,
      userFirstName: first,
      userLastName: rest.join(' '),
      userName: reviewer,
      sourceType: 'ETSY',
      sourceKey: `etsy:${key}`,
      ...(product ? { importedProductName: product } : {}),
      importedProductImageUrls: urls(pick(row, FIELDS.productImage)),
      importedImageUrls: urls(pick(row, FIELDS.photo)),
      ...(date && !Number.isNaN(date.getTime()) ? { reviewDate: date } : {}),
    })
  }
  return { reviews, skipped }
}
