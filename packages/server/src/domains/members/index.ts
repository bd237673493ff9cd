// Public API of the members domain: site members (customer accounts), their sessions and the member-area rule.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { hashPassword } from '../accounts/index.js'
import { areaRules, mayRead, paidAreas, setAreaRule, type AreaRule } from './access.js'
import { registerAccountStore } from './account-store.js'
import { createMemberAuth, hasMemberCookie } from './auth.js'
import { createFlows, type FlowDeps } from './flows.js'
import { registerMemberApi, type CartCookie } from './routes-api.js'
import { registerMemberPages, type RenderPage } from './routes-pages.js'
import { registerMembersOwnerRoutes } from './routes-owner.js'
import { createPaidAreas, type PaidDeps } from './paid.js'
import { findUserByEmail, insertUser, sweepMembers, updateUser } from './service.js'
import { every, type Every } from '../../platform/every.js'

/** The password hash of an imported member until they choose a password: no password verifies against it. */
const NO_PASSWORD = '!imported-without-password'

export { MEMBER_SESSION_COOKIE, SITE_USER_AUTH_COOKIE } from './auth.js'
export { CHECK_YOUR_MAIL } from './flows.js'
export { membersTables } from './schema.js'
export type { SiteUser } from './service.js'

export interface MembersDeps extends FlowDeps, PaidDeps {
  log?: FastifyBaseLogger
  /** Gives the browser a fresh crumb (bound to an owner session it also carries) and returns it. */
  reissueCrumb(request: FastifyRequest, reply: FastifyReply): string
  cartCookie: CartCookie
  /** Renders a themed page of the request's site (publishing; known after it is created). */
  renderPage: RenderPage
}

/** What publishing asks about the visitor of a page. */
export interface MemberView {
  signedIn: boolean
  isMember: boolean
  canRead(collectionId: string): boolean
}

export function createMembers(orm: Orm, deps: MembersDeps) {
  const auth = createMemberAuth(orm)
  const flows = createFlows(orm, deps)
  const paid = createPaidAreas(orm, deps)
  let sweeper: Every | null = null
  return {
    routes(app: FastifyInstance): void {
      registerMemberApi(app, orm, auth, flows, deps)
      registerMemberPages(app, orm, auth, flows, () => deps.renderPage, deps.memberships)
      paid.routes(app, auth)
      registerAccountStore(app, auth, deps, () => deps.renderPage)
      registerMembersOwnerRoutes(app, orm)
    },
    /** The PAYWALL product that opens a paid member area, or null (the paywalled page offers it). */
    paidAreaProduct: (siteId: string, collectionId: string) => paid.productOf(siteId, collectionId),
    /** The member areas the products open (MEMBERSHIP_CONFIRMED page). */
    areasOfProducts: (siteId: string, productIds: readonly string[]) => paid.areasOfProducts(siteId, productIds),
    /** Sets a member area's access rule without HTTP (the demo's paid area). */
    setAreaRule: (siteId: string, collectionId: string, rule: AreaRule) => setAreaRule(orm, siteId, collectionId, rule),
    /** The member areas with their rules (owner screens, tests). */
    memberAreas: (siteId: string) => paid.areas(siteId),
    /** True when the request carries a member session cookie (no database): its pages are personal, never cached. */
    hasSessionCookie: (request: FastifyRequest) => hasMemberCookie(request.cookies),
    /** True when the request's visitor is a signed-in site member of `siteId` (e.g. analytics leaves them out). */
    isSignedIn: async (request: FastifyRequest, siteId: string) => (await auth.current(request, siteId)) !== null,
    /** The visitor as member-only pages see them; null when nobody is signed in. */
    async view(siteId: string, request: FastifyRequest): Promise<MemberView | null> {
      if (!hasMemberCookie(request.cookies)) return null
      const user = await auth.current(request, siteId)
      if (!user) return { signedIn: false, isMember: false, canRead: () => false }
      const rules = await areaRules(orm, siteId)
      // the memberships held are asked for only when the site has a paid area
      const held = user.emailVerifiedAt && paidAreas(rules).size && deps.memberships ? await deps.memberships.held(siteId, user.email) : new Set<string>()
      return { signedIn: true, isMember: user.emailVerifiedAt !== null, canRead: (id) => mayRead(user, rules.get(id), held) }
    },
    /** Creates the demo member (verified) when missing; true when created. */
    async ensureMember(siteId: string, input: { email: string; password: string; name: string }): Promise<boolean> {
      if (await findUserByEmail(orm, siteId, input.email)) return false
      const row = await insertUser(orm, siteId, { email: input.email, name: input.name, passwordHash: await hashPassword(input.password), verified: true })
      return row !== null
    },
    /**
     * Adds a member brought from another platform (an import): no password (they choose one with "Forgot
     * password"), the consent to mail and verified state of the source kept; 'exists' when the email is a member
     * already (left as they are: their own choices since win).
     */
    async importMember(siteId: string, input: { email: string; name: string; newsletter: boolean; verified: boolean; tags: string[] }, tx?: Orm): Promise<{ id: string } | 'exists'> {
      const db = tx ?? orm
      if (await findUserByEmail(db, siteId, input.email)) return 'exists'
      const row = await insertUser(db, siteId, { email: input.email, name: input.name, passwordHash: NO_PASSWORD, verified: input.verified, tags: input.tags })
      if (!row) return 'exists'
      if (input.newsletter) await updateUser(db, siteId, row.id, { newsletter: true })
      return { id: row.id }
    },
    sweep: () => sweepMembers(orm),
    /** Sweeps lapsed member sessions and links now and hourly. */
    async start(): Promise<void> {
      await sweepMembers(orm)
      sweeper = every({ name: 'member sweep', ms: 60 * 60 * 1000, log: deps.log }, () => sweepMembers(orm))
    },
    async stop(): Promise<void> {
      await sweeper?.stop()
      sweeper = null
    },
  }
}

export type Members = ReturnType<typeof createMembers>
