// Languages (a site's locales and its translations). Needs: sites (the default locale, the role check), accounts
// (the session), content (the pages and items translated: their blocks and slugs, its HTML rule), commerce (the
// products: their options), forms (their fields); its changes drop the site's published pages.
import { rolesFor, type Accounts } from '../../domains/accounts/index.js'
import { BLOCK_TYPES, RESERVED_SEGMENTS, sanitizeBlockValue, type BlockTypeName, type Content } from '../../domains/content/index.js'
import type { Commerce } from '../../domains/commerce/index.js'
import type { Forms } from '../../domains/forms/index.js'
import { createLanguages, type ObjectKind, type PageShape } from '../../domains/languages/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Base } from './base.js'

const NAMES = new Map<number, BlockTypeName>(Object.entries(BLOCK_TYPES).map(([n, t]) => [t, n as BlockTypeName]))

async function pageShape(content: Content, siteId: string, pageId: string): Promise<PageShape | null> {
  const c = await content.collectionById(siteId, pageId)
  if (!c) return null
  const blocks = (c.layout?.sections ?? []).flatMap((s) => s.blocks.map((b) => ({ id: b.id, typeName: NAMES.get(b.type) ?? '' })))
  return { id: c.id, urlId: c.urlId, blocks }
}

/** The capability each translated object's own routes need (reads of forms: forms.read). */
const CAPABILITY = { item: 'content', site: 'content', product: 'commerce', form: 'forms.edit' } as const

export function wireLanguages(base: Base, { sites, accounts, content, commerce, forms }: { sites: Sites; accounts: Accounts; content: Content; commerce: Commerce; forms: Forms }) {
  const sanitizeText = (html: string) => String(sanitizeBlockValue('text', { html }).html ?? '')
  return createLanguages(base.db.orm, {
    authorize: (request, siteId, change) => sites.authorize(accounts.auth, request, siteId, rolesFor(change ? 'settings.edit' : 'settings.read')),
    authorizeContent: (request, siteId) => sites.authorize(accounts.auth, request, siteId, rolesFor('content')),
    authorizeObject: (request, siteId, kind: ObjectKind, change) => sites.authorize(accounts.auth, request, siteId, rolesFor(kind === 'form' && !change ? 'forms.read' : CAPABILITY[kind])),
    defaultLocale: async (siteId) => (await sites.get(siteId))?.locale ?? null,
    changed: (siteId) => base.invalidatePages(siteId),
    pages: {
      page: (siteId, pageId) => pageShape(content, siteId, pageId),
      urlIds: async (siteId) => new Map((await content.listCollections(siteId)).map((c) => [c.id, c.urlId])),
      sanitize: (typeName, html) => {
        const prop = typeName === 'newsletter' ? 'description' : 'html'
        return String(sanitizeBlockValue(typeName as BlockTypeName, { [prop]: html })[prop] ?? '')
      },
      reserved: RESERVED_SEGMENTS,
    },
    objects: {
      item: async (siteId, itemId) => !!(await content.read.itemById(siteId, itemId)),
      product: async (siteId, productId) => {
        const p = await commerce.productById(siteId, productId)
        return p ? { optionNames: p.variantOptions.map((o) => o.name) } : null
      },
      form: async (siteId, formId) => {
        const f = await forms.getPublicForm(siteId, formId)
        return f ? { fieldIds: f.fields.map((x) => x.id) } : null
      },
      sanitizeHtml: sanitizeText,
    },
  })
}
