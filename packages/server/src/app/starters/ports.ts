// What the starters domain needs from the others, composed here: the onboarding checklist's view of a site, the
// tables a whole-site copy takes and the copy of the stored file bytes.
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Commerce } from '../../domains/commerce/index.js'
import { commerceTables } from '../../domains/commerce/index.js'
import type { Content } from '../../domains/content/index.js'
import { contentTables } from '../../domains/content/index.js'
import { filesTables, type FileStorage } from '../../domains/files/index.js'
import { formsTables } from '../../domains/forms/index.js'
import { membersTables } from '../../domains/members/index.js'
import { reviewsTables } from '../../domains/reviews/index.js'
import { sitesTables } from '../../domains/sites/index.js'
import { socialTables } from '../../domains/social/index.js'
import type { SiteState } from '../../domains/starters/index.js'

/**
 * What a copy of a site takes: its files (records; the bytes are copied after), styles, profile, pages, posts and
 * other items, redirects, forms and mailing lists (not their submissions or subscribers), store settings, products
 * and variants, shipping and tax rules, comment, review and member-area settings. Not copied: orders, carts,
 * gift cards, comments, likes, reviews, members, submissions, analytics (the visitors' data of the original).
 */
export const STARTER_COPY_TABLES: readonly PgTable[] = [
  filesTables.fileAssets,
  sitesTables.siteStyles,
  contentTables.contentSiteProfiles,
  contentTables.contentCollections,
  contentTables.contentItems,
  contentTables.contentRedirects,
  formsTables.mailingLists,
  formsTables.forms,
  commerceTables.storeSettings,
  commerceTables.products,
  commerceTables.variants,
  commerceTables.shippingOptions,
  commerceTables.taxRules,
  socialTables.socialSettings,
  reviewsTables.productReviewSettings,
  membersTables.memberAreaRules,
]

export async function starterSiteState(siteId: string, d: { content: Content; commerce: Pick<Commerce, 'productTitles'> }): Promise<SiteState> {
  const collections = await d.content.listCollections(siteId)
  const home = collections.find((c) => c.homepage) ?? null
  const profile = await d.content.read.profile(siteId)
  const counts = await d.content.read.preview.itemCounts(siteId, new Date())
  const posts = collections.filter((c) => c.typeName === 'blog').reduce((n, c) => n + (counts.get(c.id) ?? 0), 0)
  const products = (await d.commerce.productTitles(siteId)).size
  return { home: home && { id: home.id, layout: home.layout, status: home.status }, hasLogo: Boolean(profile.logoImageId), contentCount: posts + products }
}

/** Copies the original and width variants of each copied asset under the new site's keys. */
export async function copyFileBytes(storage: FileStorage, fromSiteId: string, toSiteId: string, assets: { from: string; to: string; variants: string }[]): Promise<void> {
  for (const a of assets) {
    const names = ['original', ...a.variants.split(',').filter((v) => /^\d+w$/.test(v))]
    for (const name of names) {
      const bytes = await storage.get(`${fromSiteId}/${a.from}/${name}`)
      if (bytes) await storage.put(`${toSiteId}/${a.to}/${name}`, bytes)
    }
  }
}
