import type { FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { VariantInfo } from './service.js'
import type { RestockConfig } from './validators.js'

export interface RestockContext {
  orm: Orm
  authorize(request: FastifyRequest, siteId: string): Promise<{ site: { id: string } }>
  variant(siteId: string, productId: string, variantId: string): Promise<VariantInfo | null>
  config(siteId: string): Promise<RestockConfig>
  saveConfig(siteId: string, patch: Partial<Omit<RestockConfig, 'texts'>> & { texts?: Partial<RestockConfig['texts']> | undefined }): Promise<RestockConfig>
  /** Sends for one variant (404 when it does not exist); answers how many sign-ups were alerted. */
  sendFor(siteId: string, productId: string, variantId: string): Promise<number>
  joinMailingList?: ((siteId: string, email: string) => Promise<void>) | undefined
  verifyCaptcha?: ((siteId: string, token: string | undefined, remoteIp: string) => Promise<boolean>) | undefined
  /** The captcha's site key the page draws the widget with; null when none is set up (then no widget is drawn). */
  captchaSiteKey?: (() => string | null) | undefined
}
