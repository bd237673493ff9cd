// Sizes and limits. Limits are configured in megabytes of 1,000,000 bytes; sizes are shown in 1024 units from
// Bytes to YB (the spec's two conventions).

/** One configured megabyte. */
export const MEGABYTE = 1_000_000

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const

/** Bytes in a limit of `mb` megabytes (1,000,000 bytes each). */
export function megabytes(mb: number): number {
  return Math.round(mb * MEGABYTE)
}

/**
 * A size for people: 1024 units from Bytes to YB, at most `decimals` decimals without trailing zeros
 * ('0 Bytes', '1 Bytes', '1.5 KB', '19.07 MB'). Values beyond YB stay in YB.
 */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  let unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  let value = bytes / 1024 ** unit
  let rounded = Number(value.toFixed(Math.max(0, decimals)))
  // 1023.999 KB rounds to 1024 KB: show it as 1 MB instead.
  if (rounded >= 1024 && unit < UNITS.length - 1) {
    unit++
    value = bytes / 1024 ** unit
    rounded = Number(value.toFixed(Math.max(0, decimals)))
  }
  return `${rounded} ${UNITS[unit]}`
}

/** The spec's upload messages. */
export const MESSAGES = {
  unsupported: (fileName: string) => `The file ${fileName} does not appear to be a supported file`,
  tooLarge: (fileName: string, maxSize: string) => `The file ${fileName} is too large. The maximum allowed file size is ${maxSize}.`,
  uploadFailed: 'There was a problem while uploading your file.',
  processingFailed: 'File processing failed',
  emptyName: 'Please enter a file name',
} as const
