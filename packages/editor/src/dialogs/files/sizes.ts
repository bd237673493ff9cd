// The spec's two size conventions: limits in megabytes of 1,000,000 bytes; sizes shown in 1024 units from
// Bytes to YB.

export const MEGABYTE = 1_000_000
const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const

export function megabytes(mb: number): number {
  return Math.round(mb * MEGABYTE)
}

/** '0 Bytes', '512 Bytes', '1.5 KB', '19.07 MB' (at most two decimals, trailing zeros dropped). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  let unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  let shown = Number((bytes / 1024 ** unit).toFixed(2))
  if (shown >= 1024 && unit < UNITS.length - 1) {
    unit += 1
    shown = Number((bytes / 1024 ** unit).toFixed(2))
  }
  return `${shown} ${UNITS[unit]}`
}
