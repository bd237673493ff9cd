// Visitor API of site members on the request's site (the Host decides the site; never a site id from the visitor).
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId } from '../../platform/ids.js'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import type { MemberAuth } from './auth.js'
import { CHECK_YOUR_MAIL, type Flows } from './flows.js'
import { siteUserAddresses } from './schema.js'
import { deleteUser, toSiteUser, updateUser } from './service.js'
import * as v from './validators.js'

export interface MembersRouteDeps {
  /** Gives the browser a fresh crumb (bound to an owner session it also carries) and returns it. */
  reissueCrumb(request: FastifyRequest, reply: FastifyReply): string
  /** The cart cookie (commerce): its name, and setting or clearing it with its script-readable marker. */
  cartCookie: CartCookie
}

export interface CartCookie {
  name: string
  set(request: FastifyRequest, reply: FastifyReply, token: string): void
  clear(reply: FastifyReply): void
}

const tags = ['site-users']

export function addressesOf(orm: Orm, siteId: string, userId: string) {
  return orm
    .select({ id: siteUserAddresses.id, name: siteUserAddresses.name, line1: siteUserAddresses.line1, line2: siteUserAddresses.line2, city: siteUserAddresses.city, region: siteUserAddresses.region, postalCode: siteUserAddresses.postalCode, country: siteUserAddresses.country })
    .from(siteUserAddresses)
    .where(and(eq(siteUserAddresses.siteId, siteId), eq(siteUserAddresses.userId, userId)))
    .orderBy(siteUserAddresses.createdAt)
}

export function registerMemberApi(app: FastifyInstance, orm: Orm, auth: MemberAuth, flows: Flows, deps: MembersRouteDeps): void {
  const base = '/api/site-users/account'
  const accepted = { 202: { description: `"${CHECK_YOUR_MAIL}" whether or not the email has an account` }, 400: { description: 'validation_failed' }, 429: { description: 'too_many_attempts' } }

  defineRoute(app, { method: 'POST', url: `${base}/session`, summary: 'Sign a site member in (throttled like owners); answers data.xsrfToken, the crumb to send from now on', tags, body: v.sessionBody, responses: { 200: { description: 'Signed in: data.xsrfToken, data.user' }, 401: { description: 'invalid_credentials' }, 403: { description: 'email_not_verified (a new link is mailed)' }, 429: { description: 'too_many_attempts' } } }, async ({ request, reply, body }) => {
    const site = requireSite(request)
    const user = await flows.signIn(site.id, request.ip, body.email, body.password)
    await auth.start(request, reply, site.id, user.id, body.rememberMe ?? false)
    // the account keeps the browser's cart; a browser without one gets back the cart the member left
    const cart = request.cookies[deps.cartCookie.name]
    if (cart) await updateUser(orm, site.id, user.id, { cartToken: cart })
    else if (user.cartToken) deps.cartCookie.set(request, reply, user.cartToken)
    return { data: { xsrfToken: deps.reissueCrumb(request, reply), user: toSiteUser(user) } }
  })

  defineRoute(app, { method: 'DELETE', url: `${base}/session`, summary: 'Sign the member out; cloneCart=true keeps the cart in this browser as a guest cart (otherwise the account keeps it)', tags, query: v.logoutQuery, responses: { 204: { description: 'Signed out' } } }, async ({ request, reply, query }) => {
    const site = requireSite(request)
    const user = await auth.current(request, site.id)
    if (user) {
      const cart = request.cookies[deps.cartCookie.name]
      if (query.cloneCart === 'true') await updateUser(orm, site.id, user.id, { cartToken: null })
      else if (cart) {
        await updateUser(orm, site.id, user.id, { cartToken: cart })
        deps.cartCookie.clear(reply)
      }
    }
    await auth.end(request, reply, site.id)
    deps.reissueCrumb(request, reply)
    return reply.code(204).send()
  })

  defineRoute(app, { method: 'POST', url: `${base}/signup`, summary: 'Create a member account; a verification link is mailed', tags, body: v.signupBody, responses: accepted }, async ({ request, reply, body }) => {
    await flows.signUp(requireSite(request).id, request.ip, body)
    return reply.code(202).send({ data: { message: CHECK_YOUR_MAIL } })
  })

  defineRoute(app, { method: 'POST', url: `${base}/verify`, summary: 'Confirm the email address with the token of the mailed link', tags, body: v.verifyBody, responses: { 200: { description: 'Verified' }, 400: { description: 'link_invalid' } } }, async ({ request, body }) => {
    const user = await flows.verify(requireSite(request).id, body.token)
    return { data: { user: toSiteUser(user) } }
  })

  defineRoute(app, { method: 'POST', url: `${base}/password-reset`, summary: 'Mail a password-reset link', tags, body: v.resetRequestBody, responses: accepted }, async ({ request, reply, body }) => {
    await flows.requestReset(requireSite(request).id, request.ip, body.email)
    return reply.code(202).send({ data: { message: CHECK_YOUR_MAIL } })
  })

  defineRoute(app, { method: 'POST', url: `${base}/password`, summary: 'Set a new password with the token of a reset link (every session ends)', tags, body: v.resetBody, responses: { 204: { description: 'Changed' }, 400: { description: 'link_invalid or validation_failed' } } }, async ({ request, reply, body }) => {
    await flows.reset(requireSite(request).id, body.token, body.password)
    return reply.code(204).send()
  })

  defineRoute(app, { method: 'GET', url: base, summary: 'The signed-in member with their addresses', tags, responses: { 200: { description: 'data.user, data.addresses' }, 401: { description: 'not_signed_in' } } }, async ({ request }) => {
    const site = requireSite(request)
    const user = await auth.require(request, site.id)
    return { data: { user: toSiteUser(user), addresses: await addressesOf(orm, site.id, user.id) } }
  })

  defineRoute(app, { method: 'PATCH', url: base, summary: 'Change the profile (name) and newsletter preference', tags, body: v.profileBody, responses: { 200: { description: 'data.user' }, 401: { description: 'not_signed_in' } } }, async ({ request, body }) => {
    const site = requireSite(request)
    const user = await auth.require(request, site.id)
    const patch = { ...(body.name !== undefined ? { name: body.name } : {}), ...(body.newsletter !== undefined ? { newsletter: body.newsletter } : {}) }
    const updated = Object.keys(patch).length ? await updateUser(orm, site.id, user.id, patch) : user
    return { data: { user: toSiteUser(updated ?? user) } }
  })

  defineRoute(app, { method: 'DELETE', url: base, summary: 'Delete the account and its data (password required); signs out', tags, body: v.deleteAccountBody, responses: { 204: { description: 'Deleted' }, 400: { description: 'wrong password' }, 401: { description: 'not_signed_in' } } }, async ({ request, reply, body }) => {
    const site = requireSite(request)
    const user = await auth.require(request, site.id)
    await flows.checkPassword(user, body.password)
    await auth.end(request, reply, site.id)
    await deleteUser(orm, site.id, user.id)
    deps.reissueCrumb(request, reply)
    return reply.code(204).send()
  })

  defineRoute(app, { method: 'POST', url: `${base}/addresses`, summary: 'Save an address', tags, body: v.addressBody, responses: { 201: { description: 'data.address' }, 401: { description: 'not_signed_in' } } }, async ({ request, reply, body }) => {
    const site = requireSite(request)
    const user = await auth.require(request, site.id)
    const [row] = await orm.insert(siteUserAddresses).values({ id: newId(), siteId: site.id, userId: user.id, name: body.name, line1: body.line1, line2: body.line2 ?? '', city: body.city, region: body.region ?? '', postalCode: body.postalCode ?? '', country: body.country }).returning()
    reply.code(201)
    return { data: { address: { id: row!.id, name: row!.name, line1: row!.line1, line2: row!.line2, city: row!.city, region: row!.region, postalCode: row!.postalCode, country: row!.country } } }
  })

  defineRoute(app, { method: 'DELETE', url: `${base}/addresses/:id`, summary: 'Remove a saved address', tags, params: v.idParams, responses: { 204: { description: 'Removed' }, 404: { description: 'address_not_found' } } }, async ({ request, reply, params }) => {
    const site = requireSite(request)
    const user = await auth.require(request, site.id)
    const rows = await orm.delete(siteUserAddresses).where(and(eq(siteUserAddresses.siteId, site.id), eq(siteUserAddresses.userId, user.id), eq(siteUserAddresses.id, params.id))).returning({ id: siteUserAddresses.id })
    if (!rows.length) throw new AppError('not_found', 'address_not_found', 'No such address.')
    return reply.code(204).send()
  })
}
