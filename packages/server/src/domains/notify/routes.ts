// Notify routes. Owner: notification settings (per signed-in owner), the list of email templates and a preview of
// each with sample data (COMMERCE_EMAIL_PREVIEW 301). Buyer: the review request page (REVIEWS_REQUEST 209) the
// review-request mail links to, and its form, which posts one review per purchased product into moderation.
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { EmailTemplateSummary, NotificationSettings } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import type { MailMessage } from '../mail/index.js'
import { purchasedProducts, sampleData } from './data.js'
import type { NotifyDeps, OwnerEvent } from './index.js'
import { settingsOf, settingsPatch, updateSettingsOf } from './settings.js'

const tags = ['notify']
const base = '/api/sites/:siteId/notifications'
const siteParams = z.object({ siteId: z.string().min(1).max(100) }).strict()
const ok = (description: string) => ({ 200: { description }, 403: { description: 'role_not_allowed' }, 404: { description: 'site_not_found or not found' } })

export const PAGE_TYPE_REVIEWS_REQUEST = 209
export const PAGE_TYPE_COMMERCE_EMAIL_PREVIEW = 301

const reviewForm = z
  .object({
    order: z.string().min(1).max(100),
    token: z.string().min(1).max(100),
    name: z.string().trim().max(80).optional(),
  })
  // rating_<productId> (1-5) and text_<productId> per purchased product; photo_<productId>: an image (multipart)
  .catchall(z.union([z.string().max(5000), z.instanceof(Buffer)]))

/** The largest review photo, in bytes. */
export const REVIEW_PHOTO_MAX_BYTES = 8 * 1024 * 1024
const textOf = (v: string | Buffer | undefined) => (typeof v === 'string' ? v : '')

interface Helpers {
  compose(siteId: string, template: string, to: string, data: Record<string, unknown>): Promise<MailMessage>
  checkReviewToken(siteId: string, orderId: string, token: string): boolean
  ownerEvent(e: OwnerEvent): Promise<number>
  reviewUrl(baseUrl: string, siteId: string, orderId: string): string
}

export function registerNotifyRoutes(app: FastifyInstance, orm: Orm, deps: NotifyDeps, h: Helpers): void {
  const owner = async (request: Parameters<NotifyDeps['authorize']>[0], siteId: string) => {
    await deps.authorize(request, siteId)
    const ownerId = await deps.currentOwnerId(request)
    if (!ownerId) throw new AppError('unauthorized', 'unauthorized', 'Sign in.')
    return ownerId
  }

  defineRoute(app, { method: 'GET', url: `${base}/settings`, summary: 'The signed-in owner\'s notification settings on this site', tags, params: siteParams, responses: ok('{ settings }') }, async ({ request, params }) => {
    const ownerId = await owner(request, params.siteId)
    return { settings: (await settingsOf(orm, params.siteId, ownerId)) satisfies NotificationSettings }
  })
  defineRoute(
    app,
    { method: 'PATCH', url: `${base}/settings`, summary: 'Change the signed-in owner\'s notification settings (newOrder, formSubmission, lowStock, lowStockThreshold, newReview, newMember, restockDemand)', tags, params: siteParams, body: settingsPatch, responses: ok('{ settings }') },
    async ({ request, params, body }) => {
      const ownerId = await owner(request, params.siteId)
      return { settings: await updateSettingsOf(orm, params.siteId, ownerId, body) }
    },
  )
  defineRoute(app, { method: 'GET', url: `${base}/emails`, summary: 'Every email template of the theme (name, title, audience, owner setting)', tags, params: siteParams, responses: ok('{ emails }') }, async ({ request, params }) => {
    await deps.authorize(request, params.siteId)
    const emails: EmailTemplateSummary[] = Object.entries(deps.templates.list()).map(([name, e]) => ({
      name,
      title: e.title,
      audience: e.audience,
      setting: (e.setting as keyof NotificationSettings | undefined) ?? null,
    }))
    return { emails }
  })
  defineRoute(
    app,
    {
      method: 'GET', url: `${base}/emails/:name/preview`, tags, params: siteParams.extend({ name: z.string().regex(/^[a-z0-9-]{1,60}$/) }).strict(),
      summary: 'COMMERCE_EMAIL_PREVIEW (301): an email template rendered with sample data and the site\'s brand -> { preview: { name, from, subject, text, html } }',
      responses: ok('{ pageType, preview }'),
    },
    async ({ request, reply, params }) => {
      await deps.authorize(request, params.siteId)
      if (!deps.templates.entry(params.name)) throw new AppError('not_found', 'email_not_found', 'No such email template.')
      const brand = await deps.brand(params.siteId)
      const m = await h.compose(params.siteId, params.name, 'preview@example.com', sampleData(params.name, brand.url, deps.editorUrl(params.siteId)))
      reply.header('cache-control', 'private, no-store')
      return { pageType: PAGE_TYPE_COMMERCE_EMAIL_PREVIEW, preview: { name: params.name, from: m.from ?? '', subject: m.subject, text: m.text, html: m.html ?? '' } }
    },
  )

  defineRoute(
    app,
    {
      method: 'GET', url: `${base}/emails/:name/preview.html`, tags, params: siteParams.extend({ name: z.string().regex(/^[a-z0-9-]{1,60}$/) }).strict(),
      summary: 'The HTML part of an email preview as a document (for the editor\'s preview frame: inline styles only, no scripts)',
      responses: { 200: { description: 'HTML' }, 404: { description: 'email_not_found' } },
    },
    async ({ request, reply, params }) => {
      await deps.authorize(request, params.siteId)
      if (!deps.templates.entry(params.name)) throw new AppError('not_found', 'email_not_found', 'No such email template.')
      const brand = await deps.brand(params.siteId)
      const m = await h.compose(params.siteId, params.name, 'preview@example.com', sampleData(params.name, brand.url, deps.editorUrl(params.siteId)))
      return reply
        .header('cache-control', 'private, no-store')
        // a mail is inline-styled HTML: its styles and images show, nothing runs, links do not navigate the editor
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-ancestors 'self'; sandbox")
        .type('text/html; charset=utf-8')
        .send(m.html ?? '')
    },
  )

  /** The order a review-request link names, after its token check. */
  async function requestedOrder(siteId: string, orderId: string, token: string) {
    const order = h.checkReviewToken(siteId, orderId, token) ? await deps.orderById(siteId, orderId) : null
    if (!order || order.status === 'refunded' || order.status === 'pending') throw new AppError('not_found', 'review_request_not_found', 'This review link is not valid.')
    return order
  }

  defineRoute(
    app,
    {
      method: 'GET', url: '/reviews/request', tags, summary: 'REVIEWS_REQUEST (209): rate each product of an order (link from the review-request mail)',
      query: z.object({ order: z.string().min(1).max(100), token: z.string().min(1).max(100), done: z.string().max(5).optional() }).strict(),
      responses: { 200: { description: 'HTML' }, 404: { description: 'review_request_not_found' } },
    },
    async ({ request, reply, query }) => {
      const site = requireSite(request)
      const order = await requestedOrder(site.id, query.order, query.token)
      reply.header('cache-control', 'private, no-store')
      const reviewRequest = {
        orderId: order.id,
        token: query.token,
        number: order.number,
        done: query.done === '1',
        products: purchasedProducts(order).map((p) => ({ ...p, stars: [5, 4, 3, 2, 1] })),
      }
      if (!deps.renderPage) return { pageType: PAGE_TYPE_REVIEWS_REQUEST, reviewRequest }
      return deps.renderPage(request, reply, { pageType: PAGE_TYPE_REVIEWS_REQUEST, template: 'reviews-request', title: 'Rate your purchase', extra: { reviewRequest } })
    },
  )

  /** A review photo: an image of REVIEW_PHOTO_MAX_BYTES at most, stored through the files domain -> its address. */
  async function reviewPhoto(siteId: string, productId: string, bytes: Buffer): Promise<string> {
    const refuse = (message: string) => new AppError('invalid_data', 'photo_invalid', message, { fields: { [`photo_${productId}`]: message } })
    if (!deps.storeReviewPhoto) throw refuse('Photos cannot be added here.')
    if (bytes.length > REVIEW_PHOTO_MAX_BYTES) throw refuse('The photo is too large (8 MB at most).')
    const url = await deps.storeReviewPhoto(siteId, `review-${productId}`, bytes).catch(() => null)
    if (!url) throw refuse('The photo must be a JPEG, PNG, GIF or WebP image.')
    return url
  }

  // Multipart (the page's form with photos) only for this route: an encapsulated scope.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 20, fields: 100, fieldSize: 10_000, fileSize: REVIEW_PHOTO_MAX_BYTES + 1 },
    })
    defineRoute(
      scope,
      {
        method: 'POST', url: '/api/commerce/reviews/request', tags, bodyTypes: ['json', 'form', 'multipart'], body: reviewForm,
        // the signed order token in the body is the credential (from the buyer's mail); no session is involved
        crumb: false,
        summary: 'Post the reviews of a review request: { order, token, name?, rating_<productId>: 1-5, text_<productId>, photo_<productId>? (multipart: an image) }; they wait for moderation (verified purchase). A form post is answered with a redirect to the page',
        responses: { 200: { description: '{ created }' }, 303: { description: 'back to the page (form post)' }, 400: { description: 'rating_required or photo_invalid' }, 404: { description: 'review_request_not_found' } },
      },
      async ({ request, reply, body }) => {
        const site = requireSite(request)
        const order = await requestedOrder(site.id, body.order, body.token)
        const name = textOf(body.name).trim() || 'Verified buyer'
        const [first, ...rest] = name.split(/\s+/)
        let created = 0
        const fields: Record<string, string> = {}
        for (const p of purchasedProducts(order)) {
          const rating = textOf(body[`rating_${p.productId}`])
          const text = textOf(body[`text_${p.productId}`]).trim()
          const photo = body[`photo_${p.productId}`]
          if (!rating && !text) continue
          const stars = Number(rating)
          if (!Number.isInteger(stars) || stars < 1 || stars > 5) {
            fields[`rating_${p.productId}`] = 'Choose 1 to 5 stars.'
            continue
          }
          // the photo is stored through the files domain and shown as the review's photo
          const photoUrl = Buffer.isBuffer(photo) && photo.length > 0 ? await reviewPhoto(site.id, p.productId, photo) : null
          const review = await deps.addReview(site.id, {
            productId: p.productId,
            starRating: stars,
            text,
            userFirstName: first ?? '',
            userLastName: rest.join(' '),
            userName: name,
            status: 'pending',
            verifiedPurchase: true,
            orderId: order.id,
            sourceKey: `order:${order.id}:${p.productId}`,
            ...(photoUrl ? { importedImageUrls: [photoUrl] } : {}),
          })
          if (!review) continue
          created++
          await h
            .ownerEvent({
              siteId: site.id,
              eventId: `owner-new-review:${review.id}`,
              template: 'owner-new-review',
              audience: 'commerce',
              data: { review: { stars: `${stars} of 5 stars`, product: p.title, author: name, text, manageUrl: `${deps.editorUrl(site.id)}#commerce/reviews` } },
            })
            .catch((e: unknown) => deps.log?.warn({ err: e }, 'review notification not queued'))
        }
        if (Object.keys(fields).length && !created) throw new AppError('invalid_data', 'rating_required', 'Choose 1 to 5 stars for each product you review.', { fields })
        const type = request.headers['content-type'] ?? ''
        const isForm = type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')
        if (isForm) return reply.code(303).header('location', `/reviews/request?order=${encodeURIComponent(order.id)}&token=${encodeURIComponent(body.token)}&done=1`).send()
        return { created }
      },
    )
  })
}
