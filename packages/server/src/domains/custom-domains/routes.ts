// HTTP: the owner's domain API (ADMIN, crumb on changes) and the HTTP-01 answers the CA fetches from any node.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { CustomDomain, DomainsAnswer } from '@sitewright/contracts'
import { defineRoute } from '../../platform/http/route.js'

export interface DomainRoutesPort {
  authorize(request: FastifyRequest, siteId: string): Promise<unknown>
  answer(siteId: string): Promise<DomainsAnswer>
  add(siteId: string, hostname: string): Promise<CustomDomain>
  verify(siteId: string, domainId: string): Promise<CustomDomain>
  primary(siteId: string, domainId: string): Promise<DomainsAnswer>
  remove(siteId: string, domainId: string): Promise<void>
  challenge(token: string): Promise<string | null>
}

const TAGS = ['domains']
const id = z.string().regex(/^[a-z0-9]{1,64}$/)
const siteParams = z.object({ siteId: id }).strict()
const domainParams = z.object({ siteId: id, domainId: id }).strict()
const addBody = z.object({ hostname: z.string().max(300) }).strict()
const domainShape = z.object({ id: z.string(), hostname: z.string(), status: z.string(), primary: z.boolean() }).passthrough()
const listShape = z.object({ domains: z.array(domainShape) }).passthrough()

export function registerDomainRoutes(app: FastifyInstance, port: DomainRoutesPort): void {
  defineRoute(
    app,
    { method: 'GET', url: '/api/sites/:siteId/domains', summary: "The site's custom domains, with where to point them", tags: TAGS, params: siteParams, responses: { 200: { description: 'Domains', schema: listShape } } },
    async ({ request, params }) => {
      await port.authorize(request, params.siteId)
      return port.answer(params.siteId)
    },
  )
  defineRoute(
    app,
    {
      method: 'POST', url: '/api/sites/:siteId/domains', summary: 'Connect a domain (apex or subdomain): answers the TXT record that proves ownership', tags: TAGS, params: siteParams, body: addBody,
      responses: { 201: { description: 'The new domain', schema: domainShape }, 400: { description: 'Not a usable hostname' }, 409: { description: 'Held by this or another site' }, 422: { description: 'Too many domains' } },
    },
    async ({ request, reply, params, body }) => {
      await port.authorize(request, params.siteId)
      reply.code(201)
      return port.add(params.siteId, body.hostname)
    },
  )
  defineRoute(
    app,
    { method: 'POST', url: '/api/sites/:siteId/domains/:domainId/verify', summary: 'Check the DNS record now; once verified the certificate is ordered', tags: TAGS, params: domainParams, responses: { 200: { description: 'The domain', schema: domainShape } } },
    async ({ request, params }) => {
      await port.authorize(request, params.siteId)
      return port.verify(params.siteId, params.domainId)
    },
  )
  defineRoute(
    app,
    { method: 'POST', url: '/api/sites/:siteId/domains/:domainId/primary', summary: 'Make this the primary domain (the others redirect to it)', tags: TAGS, params: domainParams, responses: { 200: { description: 'Domains', schema: listShape } } },
    async ({ request, params }) => {
      await port.authorize(request, params.siteId)
      return port.primary(params.siteId, params.domainId)
    },
  )
  defineRoute(
    app,
    { method: 'DELETE', url: '/api/sites/:siteId/domains/:domainId', summary: 'Remove the domain (its certificate is revoked)', tags: TAGS, params: domainParams, responses: { 204: { description: 'Removed' } } },
    async ({ request, reply, params }) => {
      await port.authorize(request, params.siteId)
      await port.remove(params.siteId, params.domainId)
      return reply.code(204).send()
    },
  )
  defineRoute(
    app,
    {
      method: 'GET', url: '/.well-known/acme-challenge/:token', summary: 'HTTP-01 answer for the certificate authority', tags: TAGS,
      params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) }).strict(), responses: { 200: { description: 'The key authorization' } }, crumbCookie: 'lazy',
    },
    async ({ reply, params }) => {
      const keyAuthorization = await port.challenge(params.token)
      reply.header('cache-control', 'no-store')
      if (keyAuthorization === null) {
        reply.code(404).type('text/plain')
        return 'Not found'
      }
      reply.type('text/plain')
      return keyAuthorization
    },
  )
}
