// Published pages: renders every domain's data, so it is built last. Needs: sites, content, files, social,
// commerce, restock, forms, members, billing, history (a page's versions in the canvas); the built assets' URLs (registered after the routes: late).
import { createLockThrottle, type Accounts } from '../../domains/accounts/index.js'
import type { Billing } from '../../domains/billing/index.js'
import type { Commerce } from '../../domains/commerce/index.js'
import { CONTENT_ROLES, type Content } from '../../domains/content/index.js'
import type { Files } from '../../domains/files/index.js'
import type { Forms } from '../../domains/forms/index.js'
import type { History } from '../../domains/history/index.js'
import type { Languages } from '../../domains/languages/index.js'
import { MEMBER_SESSION_COOKIE, type Members } from '../../domains/members/index.js'
import { createPublishing, type Publishing } from '../../domains/publishing/index.js'
import type { Restock } from '../../domains/restock/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Social } from '../../domains/social/index.js'
import { paywallOf } from '../paid-ports.js'
import type { Base } from './base.js'

interface Needs {
  sites: Sites
  accounts: Accounts
  content: Content
  files: Files
  social: Social
  commerce: Commerce
  restock: Restock
  forms: Forms
  members: Members
  billing: Billing
  history: History
  languages: Languages
}

export async function wirePublishing(base: Base, n: Needs): Promise<Publishing> {
  const { db, cluster, log, late } = base
  const { sites, social, commerce, members } = n
  return createPublishing({
    sites,
    content: n.content,
    secret: await base.secret('page-unlock'),
    authorizePreview: (request, siteId) => sites.authorize(n.accounts.auth, request, siteId, CONTENT_ROLES),
    lockThrottle: createLockThrottle(db.orm),
    pageVersion: async (siteId, versionId) => {
      const v = await n.history.versionObject(siteId, versionId)
      const row = v?.kind === 'page' ? v.object?.collection?.[0] : undefined
      return v && row ? { collectionId: v.objectId, title: String(row.title ?? ''), layout: row.layout ?? null } : null
    },
    invalidation: cluster.pages,
    log,
    assetUrl: (path) => late.peek('assetUrl')?.(path) ?? path,
    deps: {
      images: (siteId, ids) => n.files.getAssets(siteId, ids),
      social: {
        async counts(siteId, ids) {
          const [comments, likes] = await Promise.all([
            social.getCommentCounts(siteId, ids),
            social.getLikeCounts(siteId, ids),
          ])
          return new Map(
            ids.map((id) => [
              id,
              { publicCommentCount: comments.get(id) ?? 0, likeCount: likes.get(id) ?? 0 },
            ]),
          )
        },
        approvedComments: (siteId, itemId) => social.listThread(siteId, itemId),
      },
      products: commerce,
      merchandising: (siteId, product) =>
        n.restock.merchandising(siteId, product as unknown as Parameters<Restock['merchandising']>[1]),
      forms: (siteId, formIds) => n.forms.getFormsForContext(siteId, formIds),
      styles: (siteId, draft) => sites.stylesContext(siteId, draft),
      colorThemes: (siteId, draft) => sites.colorThemeVariables(siteId, draft),
      member: (siteId, request) => members.view(siteId, request),
      featureFlags: (siteId) => n.billing.flags(siteId),
      paywall: (siteId, collectionId) => paywallOf(members, commerce, siteId, collectionId),
      memberCookie: (cookies) => Boolean(cookies[MEMBER_SESSION_COOKIE]),
      languages: {
        locales: async (siteId) => (await n.languages.list(siteId)).locales,
        translations: (siteId, locale, added) => n.languages.forRendering(siteId, locale, added),
      },
    },
  })
}
