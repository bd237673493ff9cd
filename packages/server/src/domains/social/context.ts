import type { FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'

/** What the social routes and API share. */
export interface SocialContext {
  orm: Orm
  /** The key of the address hashes (a server secret). */
  secret(): Promise<string>
  /** The item of a site a visitor comments on or likes: null when there is none; absent = not checked. */
  itemOf?: ((siteId: string, itemId: string) => Promise<{ commentState?: number } | null>) | undefined
  /** True when the request's visitor is signed in as a member of the site (members domain); absent = nobody is. */
  isMember?: ((request: FastifyRequest, siteId: string) => Promise<boolean>) | undefined
  /** Something shown on published pages changed (comments, counts). */
  changed(siteId: string, itemId: string): void
}
