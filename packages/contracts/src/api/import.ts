// Imports from other platforms (Settings -> Import): the kinds of file, a job's progress and its report.

/** The files an owner can import: WordPress/Squarespace WXR, Ghost JSON, Shopify and WooCommerce product CSVs. */
export const IMPORT_KINDS = ['wxr', 'ghost', 'shopify-csv', 'woo-csv'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]
/** The largest file the editor uploads (bytes). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024

export interface ImportReportView {
  kind: string
  source: { title: string; link: string; authors: number; categories: number; tags: number }
  /** What was imported and how often: posts, pages, comments, images, redirects, ... */
  counts: Record<string, number>
  /** Images the source names that could not be fetched (the content is imported without them). */
  missingImages: { url: string; reason: string }[]
  /** Source blocks or shortcodes kept as HTML blocks, with the new addresses of the pages holding them. */
  keptAsHtml: { name: string; pages: string[] }[]
  skipped: { what: string; items: string[] }[]
  notes: { what: string; items: string[] }[]
}

/** GET /api/sites/:siteId/imports/:jobId, and the answer of POST /api/sites/:siteId/imports (`{ job }`). */
export interface ImportJobView {
  id: string
  kind: string
  fileName: string
  /** 'running', 'done' or 'failed'. */
  status: 'running' | 'done' | 'failed'
  /** Records handled so far and in all (the file is read once before, so `total` is known while it runs). */
  done: number
  total: number
  report: ImportReportView | null
  /** Why it failed (names the line of the file when it can). */
  error: string | null
  createdOn: number
}
