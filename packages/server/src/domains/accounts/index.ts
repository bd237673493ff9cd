// Public API of the accounts domain: owners, sessions, login throttle, website roles.
import type { FastifyInstance } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { DomainLifecycle } from '../../platform/domain.js'
import { createAuth, type Auth, type AuthOptions } from './auth.js'
import { registerAccountsRoutes, type AccountsDeps } from './routes.js'
import { countOwners, findOwnerByEmail, insertOwner, ownersByIds, prepareOwner, sweep, type Owner } from './service.js'
import { every, type Every } from '../../platform/every.js'

export { SESSION_COOKIE, type Auth } from './auth.js'
export type { AccountsDeps, OwnedSite } from './routes.js'
export type { Owner, OwnerSession } from './service.js'
export { WEBSITE_ROLES, isWebsiteRole, primaryRole, roleName } from './roles.js'
export { CAPABILITIES, OWNER_ROUTE_BASE, ROUTE_RULES, capabilitiesOf, capabilityOf, rolesFor, type Capability } from './permissions.js'
export type { WebsiteRole, WebsiteRoleName } from './roles.js'
export { accountsTables } from './schema.js'
export { MAX_FAILURES, WINDOW_MS } from './throttle.js'
export { DEVICE_COOKIE } from './devices.js'
export { createLockThrottle, type LockThrottle } from './lock-throttle.js'
// The generic parts other account kinds (site members) reuse: argon2id, the strength rule and the throttle.
export { burnVerification, hashPassword, verifyPassword } from './passwords.js'
export { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from './strength.js'
export { checkOwnerPassword, createOwnerAccount, resetOwnerPassword } from './operator.js'
export { hitWindows, reserveAttempt, settleSuccess, tooManyAttempts, SIGNUP_WINDOW_MS, type ThrottlePlan } from './throttle.js'

/** Sign-in options plus the ports the accounts routes need (the owner's sites, the welcome hook). */
export type AccountsOptions = AuthOptions & AccountsDeps & { log?: { warn(obj: object, msg: string): void } }

export interface Accounts extends DomainLifecycle {
  auth: Auth
  /** Hashes the password (slow): call it before opening a transaction, then `insertOwner` inside it. */
  prepareOwner(input: { email: string; password: string; name?: string }): ReturnType<typeof prepareOwner>
  /** Inserts a prepared owner with `orm` (the database or a transaction); conflict `email_taken`. */
  insertOwner(orm: Orm, row: Awaited<ReturnType<typeof prepareOwner>>): Promise<Owner>
  findOwnerByEmail(email: string): Promise<Owner | null>
  ownersByIds(ids: readonly string[]): Promise<Owner[]>
  hasOwners(orm?: Orm): Promise<boolean>
  /** Deletes expired sessions, lapsed throttle keys and stale known addresses (run at start and hourly). */
  sweep(): Promise<void>
  routes(app: FastifyInstance): void
  /** Sweeps once, then hourly until `stop`. */
  start(): Promise<void>
  stop(): Promise<void>
}

export function createAccounts(orm: Orm, deps: AccountsOptions): Accounts {
  const auth = createAuth(orm, deps)
  let sweeper: Every | null = null
  return {
    auth,
    prepareOwner,
    insertOwner,
    findOwnerByEmail: (email) => findOwnerByEmail(orm, email),
    ownersByIds: (ids) => ownersByIds(orm, ids),
    hasOwners: async (target = orm) => (await countOwners(target)) > 0,
    sweep: () => sweep(orm),
    routes: (app) => registerAccountsRoutes(app, orm, auth, deps),
    async start() {
      await sweep(orm)
      sweeper = every({ name: 'sweep', ms: 60 * 60 * 1000, log: deps.log }, () => sweep(orm))
    },
    async stop() {
      await sweeper?.stop()
      sweeper = null
    },
  }
}
