// What the forms routes share: the database, configuration, captcha, delivery and the other domains' APIs.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { Auth } from '../accounts/index.js'
import type { Sites } from '../sites/index.js'
import type { Captcha } from './captcha.js'
import type { FormsConfig } from './config.js'
import type { Delivery } from './webhooks.js'

/** Renders a themed system page (publishing): page type, body template and extra context fields. */
export type RenderSystemPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  page: { pageType: number; template: string; title: string; extra: Record<string, unknown>; status?: number },
) => Promise<unknown>

export interface FormsContext {
  orm: Orm
  config: FormsConfig
  captcha: Captcha
  delivery: Delivery
  sites: Sites
  auth: Auth
  sanitizeHtml(html: string): string
  unsubscribeSecret: string
  log?: FastifyBaseLogger | undefined
  renderSystemPage?: RenderSystemPage | undefined
  /** Called after a change that shows on the site's pages (publishing drops its cached pages). */
  onChange(siteId: string): void
  /** Whether the site has the vanilla form handler flag (SPEC.md: textarea maxLength only then). */
  vanillaFormHandler(siteId: string): Promise<boolean>
}
