import type { FastifyInstance } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { defineRoute } from '../../platform/http/route.js'
import type { Auth } from './auth.js'
import { authenticate, type Owner } from './service.js'
import { newDeviceId } from './devices.js'
import { signUp } from './signup.js'
import { SIGNUPS_PER_ADDRESS, SIGNUPS_PER_CLIENT } from './throttle.js'
import { loginBody, meResponse, signupBody, signupResponse } from './validators.js'

/** A site as the owner API lists it (SiteSummary of the contract). Provided by the sites domain. */
export interface OwnedSite {
  id: string
  slug: string
  title: string
  role: number
  roleName: string
  url: string
}

/** What the accounts routes need from elsewhere; src/app wires the implementations. */
export interface AccountsDeps {
  sites: {
    listForOwner(ownerId: string): Promise<OwnedSite[]>
    /** Creates a site with the owner as ADMIN inside the caller's transaction. */
    createForOwner(orm: Orm, ownerId: string, input: { title: string; slug?: string | undefined }): Promise<OwnedSite>
  }
  /** Called after a committed sign-up (e.g. a welcome email); must not throw. */
  onSignedUp?(owner: Owner, site: OwnedSite): Promise<void>
}

const tags = ['auth']

export function registerAccountsRoutes(app: FastifyInstance, orm: Orm, auth: Auth, deps: AccountsDeps): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/auth/me',
      summary: 'The signed-in owner and their sites',
      tags,
      responses: { 200: { description: 'Signed in', schema: meResponse }, 401: { description: 'not_signed_in' } },
    },
    async ({ request }) => {
      const session = await auth.requireOwner(request)
      return { user: session.owner, sites: await deps.sites.listForOwner(session.ownerId) }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/signup',
      summary: 'Create an owner account and their first site (the creator is ADMIN)',
      tags,
      body: signupBody,
      responses: {
        201: { description: 'Created; sets the session cookie', schema: signupResponse },
        400: { description: 'validation_failed with fields (a weak password: zxcvbn feedback on `password`)' },
        409: { description: 'email_taken or slug_taken' },
        429: { description: `too_many_attempts: more than ${SIGNUPS_PER_ADDRESS} sign-ups an hour from one address (${SIGNUPS_PER_CLIENT} from one browser)` },
      },
    },
    async ({ request, reply, body }) => {
      const device = auth.deviceId(request) ?? newDeviceId()
      const { owner, site } = await signUp(orm, deps, { body, ip: request.ip, device })
      await auth.startSession(request, reply, owner.id)
      auth.rememberDevice(request, reply, owner.id, device)
      reply.code(201)
      return { user: owner, site }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/login',
      summary:
        'Sign in (throttled per account and address, address, and account: 429 too_many_attempts with Retry-After after 8 failures in 15 minutes, the lock doubling with each further failure; a known device or address of the owner is throttled on its own)',
      tags,
      body: loginBody,
      responses: {
        200: { description: 'Signed in; sets a new session cookie', schema: meResponse },
        401: { description: 'invalid_credentials' },
        429: { description: 'too_many_attempts' },
      },
    },
    async ({ request, reply, body }) => {
      const owner = await authenticate(orm, body.email, body.password, auth.loginSource(request))
      await auth.startSession(request, reply, owner.id)
      auth.rememberDevice(request, reply, owner.id)
      return { user: owner, sites: await deps.sites.listForOwner(owner.id) }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/logout',
      summary: 'Sign out (the session is deleted)',
      tags,
      responses: { 204: { description: 'Signed out' } },
    },
    async ({ request, reply }) => {
      await auth.endSession(request, reply)
      return reply.code(204).send()
    },
  )
}
