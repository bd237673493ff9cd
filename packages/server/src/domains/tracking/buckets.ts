// Web Vitals histogram buckets: logarithmic (about 10% wide), so a p75 read from buckets is within ~5% of the value.
const BASE = 1.1

/** Bucket of a non-negative value (ms, or CLS x 1000). */
export function bucketOf(value: number): number {
  if (!(value > 1)) return 0
  return Math.min(400, Math.ceil(Math.log(value) / Math.log(BASE)))
}

/** The value a bucket stands for (its upper edge). */
export function bucketValue(bucket: number): number {
  return bucket <= 0 ? 1 : Math.round(BASE ** bucket)
}

/** The q-quantile (0..1) of a histogram given as (bucket, count) pairs, or null when empty. */
export function quantile(hist: readonly { bucket: number; count: number }[], q: number): number | null {
  const sorted = [...hist].sort((a, b) => a.bucket - b.bucket)
  const total = sorted.reduce((s, h) => s + h.count, 0)
  if (total === 0) return null
  const rank = Math.ceil(q * total)
  let seen = 0
  for (const h of sorted) {
    seen += h.count
    if (seen >= rank) return bucketValue(h.bucket)
  }
  return bucketValue(sorted[sorted.length - 1]!.bucket)
}
