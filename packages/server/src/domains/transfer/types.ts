// What the transfer domain needs from the rest of the app (composed in app/transfer/ports.ts).
import type { SiteSummary } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import type { FileStorage } from '../files/index.js'
import type { TransferRule } from './rows.js'

export interface TransferDeps {
  /** Every table holding site data with what an export does with it, parents before children. */
  rules: readonly TransferRule[]
  /** The table of the site's files (its rows name the stored bytes: '<siteId>/<id>/original' and variants). */
  assetTable: string
  storage: FileStorage
  /** This instance's public address and the app's version (recorded in the manifest). */
  instance: string
  appVersion: string
  /** The site's slug, title and settings; not_found when missing. */
  site(siteId: string): Promise<{ slug: string; title: string; settings: Record<string, unknown> }>
  /** Creates an empty site with `ownerId` as ADMIN (a free address from the title when `slug` is absent). */
  createSite(ownerId: string, input: { title: string; slug?: string | undefined }): Promise<SiteSummary>
  /** True when a site has this address. */
  slugTaken(slug: string): Promise<boolean>
  /** Saves an imported site's settings inside the import's transaction (unknown keys are dropped). */
  saveSettings(tx: Orm, siteId: string, settings: Record<string, unknown>): Promise<void>
  /** Removes a site and everything it holds (an import that failed). */
  removeSite(siteId: string): Promise<void>
  /** The site's home page id, if any. */
  homePageId(siteId: string): Promise<string | null>
  /** Told after an import (host and page caches). */
  changed(siteId: string): void
}
