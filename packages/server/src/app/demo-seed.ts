// The demo site at start-up: owner, site, content, store, reviews, paid area, the demo member and the plan that keeps
// every feature on. Nodes starting together on an empty database take turns (one PostgreSQL advisory lock).
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../platform/db/index.js'
import type { Accounts } from '../domains/accounts/index.js'
import type { Billing } from '../domains/billing/index.js'
import type { Commerce } from '../domains/commerce/index.js'
import type { Content } from '../domains/content/index.js'
import type { Files } from '../domains/files/index.js'
import type { Forms } from '../domains/forms/index.js'
import type { Members } from '../domains/members/index.js'
import type { Reviews } from '../domains/reviews/index.js'
import { DEMO_SLUG, type Sites } from '../domains/sites/index.js'
import type { Social } from '../domains/social/index.js'
import { withStartupLock } from './cluster.js'
import { seedDemoStore } from './demo-store/index.js'
import { seedDemoReviews } from './demo-store/reviews.js'
import { DEMO_MEMBER, ensureDemo, ensureDemoContent } from './demo.js'
import { seedDemoPaid } from './paid-ports.js'

export interface DemoParts {
  accounts: Accounts
  sites: Sites
  content: Content
  files: Files
  social: Social
  forms: Forms
  commerce: Commerce
  reviews: Reviews
  members: Members
  billing: Billing
  log: FastifyBaseLogger
}

/** Creates what is missing of the demo; its content is best effort (logged, never fatal). */
export async function seedDemoSite(db: Db, p: DemoParts): Promise<'created' | 'exists'> {
  const demo = await withStartupLock(db, async () => {
    const made = await ensureDemo(db, p.accounts, p.sites)
    await ensureDemoContent(p.sites, {
      content: p.content,
      storeImage: (siteId, filename, bytes, meta) => p.files.storeBuffer(siteId, filename, bytes, meta),
      addComment: (siteId, itemId, input) => p.social.addComment(siteId, itemId, input),
      addLike: (siteId, itemId, visitor) => p.social.addLike(siteId, itemId, visitor),
      ensureDemoForm: (siteId) => p.forms.ensureDemoForm(siteId),
      ensureDemoNewsletterForm: (siteId) => p.forms.ensureDemoNewsletterForm(siteId),
      enableComments: (siteId) => p.sites.updateSettings(siteId, { commentsEnabled: true }),
      ensureDemoProducts: (siteId, collectionId) =>
        seedDemoStore(siteId, collectionId, {
          commerce: p.commerce,
          storeFile: async (sid, filename, bytes, meta) => {
            const a = await p.files.storeBuffer(sid, filename, bytes, meta)
            return { id: a.id, assetUrl: a.assetUrl }
          },
          log: p.log,
          createForm: async (sid, input) => (await p.forms.create(sid, input)).id,
          seedReviews: (sid, ids) => seedDemoReviews(p.reviews, sid, ids),
        }).then(() => seedDemoPaid(siteId, collectionId, { content: p.content, commerce: p.commerce, members: p.members })),
    }).catch((e: unknown) => p.log.error({ err: e }, 'demo content was not created'))
    return made
  })
  const demoSite = await p.sites.resolver.bySlug(DEMO_SLUG)
  if (demoSite) {
    await p.members.ensureMember(demoSite.id, DEMO_MEMBER)
    await p.billing.ensurePlan(demoSite.id, 'commerce') // the demo uses every feature
  }
  return demo
}
