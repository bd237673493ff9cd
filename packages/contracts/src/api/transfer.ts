// Whole-site export and import (.swz archives): GET /api/sites/:siteId/export and POST /api/sites/import, the same
// archives as `sitewright export` / `sitewright import`. Types and constants only.
import type { SiteSummary } from './sites.js'

/** The file name ending of a site archive. */
export const SITE_ARCHIVE_EXTENSION = '.swz'
/** The media type of a site archive (a POSIX tar stream). */
export const SITE_ARCHIVE_MEDIA_TYPE = 'application/x-sitewright-site'
/** The archive format version this build writes and reads. */
export const SITE_ARCHIVE_VERSION = 1

/** GET /api/sites/:siteId/export?customerData=0|1 (default 1): the query. */
export interface SiteExportQuery {
  /** '0' leaves the customer data out (orders, members, form submissions, subscribers, restock sign-ups). */
  customerData?: '0' | '1'
}

/** POST /api/sites/import?slug=&title= (body: the archive bytes): the query. */
export interface SiteImportQuery {
  /** The new site's address; default: the archive's slug, or a free variant of it. */
  slug?: string
  /** The new site's title; default: the archive's. */
  title?: string
}

/** What an archive holds, per table and in files (its manifest's counts). */
export interface SiteArchiveCounts {
  /** Rows per table name. */
  tables: Record<string, number>
  files: number
  fileBytes: number
}

/** The answer of POST /api/sites/import (201): the new site, its home page and what was imported. */
export interface SiteImportResult {
  site: SiteSummary
  homePageId: string | null
  counts: SiteArchiveCounts
  customerData: boolean
  /** What the owner should know: an archive made before checksums (not verified byte for byte), references to data
   * the archive does not hold that were left out (per table). Empty when the archive landed as it is. */
  warnings: string[]
}
