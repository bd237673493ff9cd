// Public API of the restock domain: visitor sign-ups for sold-out variants, the owner's lists and sends (fair,
// exactly once), the product page's merchandising context (restock form, scarcity message) and settings.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import type { MailMessage, QueueMail } from '../mail/index.js'
import { restockAlert, variantLabel } from './alert-mail.js'
import type { RestockContext } from './context.js'
import { merchandisingFor, type ProductForMerchandising } from './merchandising.js'
import { registerRestockRoutes } from './routes.js'
import { restockSettings } from './schema.js'
import * as svc from './service.js'
import { DEFAULT_CONFIG, restockConfig, type RestockConfig } from './validators.js'

export { restockTables } from './schema.js'
export type { VariantInfo, SignUp } from './service.js'
export type { RestockConfig } from './validators.js'
export { DEFAULT_CONFIG as DEFAULT_RESTOCK_CONFIG, EMAIL_BLANK, EMAIL_INVALID } from './validators.js'

export interface RestockDeps {
  authorize(request: FastifyRequest, siteId: string): Promise<{ site: { id: string } }>
  variant(siteId: string, productId: string, variantId: string): Promise<svc.VariantInfo | null>
  /** The shop's name and the absolute base URL of its site. */
  shop(siteId: string): Promise<{ name: string; baseUrl: string }>
  fromAddress: string
  /** The notify domain's composer of theme email templates for a site; absent: the built-in alert mail. */
  composer?: (siteId: string) => Promise<(template: string, to: string, data: Record<string, unknown>) => MailMessage>
  /** Queues one mail in a transaction (mail's durable jobs). */
  queueMail: QueueMail
  joinMailingList?: (siteId: string, email: string) => Promise<void>
  /** The site's captcha provider; checked when the restock setting captchaEnabled is on. */
  verifyCaptcha?: (siteId: string, token: string | undefined, remoteIp: string) => Promise<boolean>
  /** What a page needs to draw the captcha (provider, site key, challenge address); without a site key none is drawn. */
  captchaPublic?: () => { provider: string; siteKey: string | null; challengeUrl?: string }
  /** Whether the site's plan has the low-stock message (flag LIMITED_AVAILABILITY_LABELS); absent: it has. */
  scarcityAllowed?: (siteId: string) => Promise<boolean>
  onChange?: (siteId: string) => void
}

export function createRestock(orm: Orm, deps: RestockDeps) {
  async function config(siteId: string): Promise<RestockConfig> {
    const [row] = await orm.select().from(restockSettings).where(eq(restockSettings.siteId, siteId))
    const saved = (row?.config ?? {}) as Partial<RestockConfig>
    const merged = { ...DEFAULT_CONFIG, ...saved, texts: { ...DEFAULT_CONFIG.texts, ...(saved.texts ?? {}) } }
    const ok = restockConfig.safeParse(merged)
    return ok.success ? ok.data : DEFAULT_CONFIG
  }

  async function sendFor(siteId: string, productId: string, variantId: string): Promise<number> {
    const variant = await deps.variant(siteId, productId, variantId)
    if (!variant) throw new AppError('not_found', 'variant_not_found', 'This item does not exist.')
    const shop = await deps.shop(siteId)
    const link = `${shop.baseUrl.replace(/\/+$/, '')}${variant.productUrl}`
    const compose = await deps.composer?.(siteId)
    const message = (to: string) =>
      compose ? compose('restock-alert', to, { restock: { item: variantLabel(variant), productUrl: link } }) : restockAlert({ to, shopName: shop.name, fromAddress: deps.fromAddress, variant, productLink: link })
    const r = await svc.send(orm, siteId, variant, async (tx, s) => {
      await deps.queueMail(tx, { id: `restock:${s.id}`, siteId, kind: 'restock-alert', message: message(s.email) })
    })
    return r.notified
  }

  /** Per site with waiting sign-ups: what shoppers wait for (the owners' demand summary mail). */
  async function demandSummary(): Promise<{ siteId: string; items: { item: string; waiting: number }[] }[]> {
    const bySite = new Map<string, { item: string; waiting: number }[]>()
    for (const d of await svc.waitingDemand(orm)) {
      const v = await deps.variant(d.siteId, d.productId, d.variantId).catch(() => null)
      if (!v) continue
      const list = bySite.get(d.siteId) ?? []
      list.push({ item: variantLabel(v), waiting: d.waiting })
      bySite.set(d.siteId, list)
    }
    return [...bySite].map(([siteId, items]) => ({ siteId, items }))
  }

  const ctx: RestockContext = {
    orm,
    authorize: deps.authorize,
    variant: deps.variant,
    config,
    async saveConfig(siteId, patch) {
      const current = await config(siteId)
      const next = restockConfig.parse({ ...current, ...patch, texts: { ...current.texts, ...(patch.texts ?? {}) } })
      await orm.insert(restockSettings).values({ siteId, config: next }).onConflictDoUpdate({ target: restockSettings.siteId, set: { config: next, updatedAt: new Date() } })
      deps.onChange?.(siteId)
      return next
    },
    sendFor,
    joinMailingList: deps.joinMailingList,
    verifyCaptcha: deps.verifyCaptcha,
    captchaSiteKey: () => deps.captchaPublic?.().siteKey ?? null,
  }

  return {
    routes(app: FastifyInstance): void {
      registerRestockRoutes(app, ctx)
    },
    demandSummary,
    sendFor,
    config,
    /** productMerchandisingContext[product.id] for the product page, or null when there is nothing to show. */
    merchandising: async (siteId: string, product: ProductForMerchandising) => {
      const [c, scarcity] = await Promise.all([config(siteId), deps.scarcityAllowed?.(siteId) ?? true])
      // a plan without the flag (a downgraded site keeps its saved setting) shows no low-stock message
      return merchandisingFor(product, scarcity ? c : { ...c, scarcityEnabled: false }, deps.captchaPublic?.() ?? null)
    },
    /** A variant's stock came back: with autoSend on, alert its waiting sign-ups. */
    async stockReturned(siteId: string, productId: string, variantId: string): Promise<number> {
      if (!(await config(siteId)).autoSend) return 0
      return sendFor(siteId, productId, variantId)
    },
    waitingCount: (siteId: string, variantId: string) => svc.waitingCount(orm, siteId, variantId),
  }
}

export type Restock = ReturnType<typeof createRestock>
