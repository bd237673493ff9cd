import type { FastifyInstance } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { defineRoute } from '../../platform/http/route.js'
import type { Auth } from './auth.js'
import { AppError } from '../../platform/errors.js'
import { authenticate, rememberAddress, type Owner } from './service.js'
import { signUp, type SignupNotice } from './signup.js'
import { registerLinkRoutes } from './link-routes.js'
import { newDeviceId } from './devices.js'
import type { SiteSummary } from '@sitewright/contracts'
import { passwordProblem } from './strength.js'
import { SIGNUPS_PER_ADDRESS, SIGNUPS_PER_CLIENT, SIGNUP_WINDOW_MS, hitWindows, tooManyAttempts } from './throttle.js'
import { loginBody, meResponse, signupBody, signupResponse, type SignupBody } from './validators.js'

/** A site as the owner API lists it (SiteSummary of the contract). Provided by the sites domain. */
export type OwnedSite = SiteSummary

/** What the accounts routes need from elsewhere; src/app wires the implementations. */
export interface AccountsDeps {
  sites: {
    listForOwner(ownerId: string): Promise<OwnedSite[]>
    /** Creates a site with the owner as ADMIN inside the caller's transaction. */
    createForOwner(orm: Orm, ownerId: string, input: { title: string; slug?: string | undefined }): Promise<OwnedSite>
    /** Moves every site role of one account to another inside the caller's transaction (a claimed site). */
    moveMembers(orm: Orm, fromOwnerId: string, toOwnerId: string): Promise<void>
  }
  /**
   * Called after a committed sign-up with the mail to send: the welcome with its confirmation link, or (the email
   * had an account) the claim link to that address. Must not throw.
   */
  onSignedUp?(owner: Owner, site: OwnedSite, notice: SignupNotice): Promise<void>
}

const tags = ['auth']

/** Refuses a weak password (zxcvbn feedback) and counts the attempt against the address's and the browser's limits. */
async function admitSignup(orm: Orm, body: SignupBody, ip: string, device: string): Promise<void> {
  const problem = await passwordProblem(body.password, [body.email, body.name, body.siteTitle, body.slug])
  if (problem) throw new AppError('invalid_data', 'validation_failed', 'Choose a stronger password.', { fields: { password: problem } })
  const wait = await hitWindows(
    orm,
    [
      { key: `signup-address:${ip}`, max: SIGNUPS_PER_ADDRESS },
      // the browser: the id of its device cookie (a browser without one gets this id with its first sign-up)
      { key: `signup-client:${device}`, max: SIGNUPS_PER_CLIENT },
    ],
    SIGNUP_WINDOW_MS,
  )
  if (wait > 0) throw tooManyAttempts(wait, 'Too many sign-ups from here. Please try again later.')
}

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
      summary:
        'Create an owner account and their first site (the creator is ADMIN). The answer never tells whether the email had an account: a taken email gets a provisional account, and its owner a mailed link to add the site to their account',
      tags,
      body: signupBody,
      responses: {
        201: { description: 'Created; sets the session cookie', schema: signupResponse },
        400: { description: 'validation_failed with fields (a weak password: zxcvbn feedback on `password`)' },
        409: { description: 'slug_taken (an email that already has an account is answered like a new one: see the claim link)' },
        429: { description: `too_many_attempts: more than ${SIGNUPS_PER_ADDRESS} sign-ups an hour from one address (${SIGNUPS_PER_CLIENT} from one browser)` },
      },
    },
    async ({ request, reply, body }) => {
      const device = auth.deviceId(request) ?? newDeviceId()
      await admitSignup(orm, body, request.ip, device)
      const { owner, site, notice } = await signUp(orm, body, deps.sites.createForOwner)
      await auth.startSession(request, reply, owner.id)
      auth.rememberDevice(request, reply, owner.id, device)
      await rememberAddress(orm, owner.id, request.ip)
      if (deps.onSignedUp) await deps.onSignedUp(owner, site, notice)
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
  registerLinkRoutes(app, orm, deps)
}
