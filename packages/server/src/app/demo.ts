// The demo owner and site, created on first start when the database is empty (idempotent).
import type { Db } from '../platform/db/index.js'
import { isUniqueViolation } from '../platform/db/index.js'
import type { Accounts } from '../domains/accounts/index.js'
import { DEMO_SLUG, type Sites } from '../domains/sites/index.js'
import { seedDemoContent, type DemoContentDeps } from './demo-content/index.js'

export const DEMO_OWNER = { email: 'demo@sitewright.local', password: 'sitewright-demo', name: 'Demo Owner' } as const
/** The demo site's member account (a verified site member with access to the Members page). */
export const DEMO_MEMBER = { email: 'member@sitewright.local', password: 'sitewright-member', name: 'Demo Member' } as const
export const DEMO_SITE_TITLE = 'Sitewright Demo'

export async function ensureDemo(db: Db, accounts: Accounts, sites: Sites): Promise<'created' | 'exists'> {
  if (await accounts.hasOwners()) return 'exists'
  const row = await accounts.prepareOwner(DEMO_OWNER) // slow hash outside the transaction
  try {
    return await db.orm.transaction(async (tx) => {
      if (await accounts.hasOwners(tx)) return 'exists' as const
      const owner = await accounts.insertOwner(tx, row)
      await sites.createForOwner(tx, owner.id, { title: DEMO_SITE_TITLE, slug: DEMO_SLUG })
      return 'created' as const
    })
  } catch (e) {
    // Another process seeded the same database at the same moment.
    if (isUniqueViolation(e) || (e as { code?: string }).code === 'email_taken' || (e as { code?: string }).code === 'slug_taken') return 'exists'
    throw e
  }
}

/** The demo site's pages, posts, events, galleries and images (once: a demo site that has pages is left alone). */
export async function ensureDemoContent(sites: Sites, deps: DemoContentDeps): Promise<'seeded' | 'exists' | 'skipped'> {
  const site = await sites.resolver.bySlug(DEMO_SLUG)
  return site ? seedDemoContent(site.id, deps) : 'skipped'
}
