import type { FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'

export interface ReviewsContext {
  orm: Orm
  /** The owner's site after the store-role check (401/403/404 otherwise). */
  authorize(request: FastifyRequest, siteId: string): Promise<{ site: { id: string } }>
  /** Product title -> id of the site's products (imported listings are matched by title). */
  productTitles(siteId: string): Promise<Map<string, string>>
  changed(siteId: string): void
}
