// The platforms Settings -> Import reads, in the words an owner knows them by: which kind of file each is sent as,
// where the owner finds the export on that platform, and the file names it has. Squarespace writes a WordPress
// export (WXR), so both go in as `wxr`.
import type { ImportKind } from '@sitewright/contracts'

export type ImportSourceId = 'wordpress' | 'squarespace' | 'ghost' | 'shopify' | 'woocommerce'

export interface ImportSourceInfo {
  id: ImportSourceId
  label: string
  /** The platform's own name. */
  platform: string
  kind: ImportKind
  /** Where the export is made on the platform. */
  hint: string
  /** The file's extension (with its dot) and what that file is called. */
  extension: '.xml' | '.json' | '.csv'
  fileName: string
}

export const IMPORT_SOURCES: readonly ImportSourceInfo[] = [
  { id: 'wordpress', label: 'WordPress', platform: 'WordPress', kind: 'wxr', hint: 'Tools → Export → All content', extension: '.xml', fileName: 'WordPress export (WXR)' },
  { id: 'squarespace', label: 'Squarespace', platform: 'Squarespace', kind: 'wxr', hint: 'Settings → Import & export → Export → WordPress', extension: '.xml', fileName: 'Squarespace export (WXR)' },
  { id: 'ghost', label: 'Ghost', platform: 'Ghost', kind: 'ghost', hint: 'Settings → Migration tools → Export content', extension: '.json', fileName: 'Ghost export (JSON)' },
  { id: 'shopify', label: 'Shopify products', platform: 'Shopify', kind: 'shopify-csv', hint: 'Products → Export → All products, CSV for Excel or other spreadsheets', extension: '.csv', fileName: 'Shopify product CSV' },
  { id: 'woocommerce', label: 'WooCommerce products', platform: 'WooCommerce', kind: 'woo-csv', hint: 'Products → Export → Export products', extension: '.csv', fileName: 'WooCommerce product CSV' },
]

export function importSourceById(id: ImportSourceId): ImportSourceInfo {
  return IMPORT_SOURCES.find((s) => s.id === id)!
}

/** The file's extension in lower case, with its dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

const article = (ext: string) => (ext === '.xml' || ext === '.html' ? 'an' : 'a')

/**
 * Why a picked file cannot be this source's export, in words (null when it may be): an empty file, one over the
 * size limit, or one with another platform's extension. The server reads the file itself and names the line of
 * anything wrong inside it.
 */
export function fileProblem(source: ImportSourceInfo, file: { name: string; size: number }, maxBytes: number): string | null {
  if (file.size === 0) return `“${file.name}” is empty: choose the ${source.fileName} file.`
  if (file.size > maxBytes) return `“${file.name}” is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the largest file an import reads.`
  const ext = extensionOf(file.name)
  if (ext && ext !== source.extension && !(source.extension === '.xml' && ext === '.wxr')) {
    const other = [...new Set(IMPORT_SOURCES.filter((s) => s.extension === ext).map((s) => s.platform))]
    const hint = other.length ? ` (${other.join(' and ')} export${other.length > 1 ? '' : 's'} ${ext} files)` : ''
    return `A ${source.fileName} is ${article(source.extension)} ${source.extension} file; “${file.name}” is ${article(ext)} ${ext} file${hint}. Choose the right file, or the platform it comes from.`
  }
  return null
}
