// The review request (REVIEWS_REQUEST 209): the page the review-request mail links to (the link signed here, by
// order), and its form, which posts one review per purchased product into moderation (verified purchase, an
// optional photo each, stored through the files domain). Each review added raises reviews_review_posted (notify
// mails the owners).
import { createHmac, timingSafeEqual } from 'node:crypto'
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { OrderView } from '@sitewright/contracts'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import type { NewReview } from './service.js'

export const PAGE_TYPE_REVIEWS_REQUEST = 209
/** The largest review photo, in bytes. */
export const REVIEW_PHOTO_MAX_BYTES = 8 * 1024 * 1024

const tags = ['reviews']
const reviewForm = z
  .object({
    order: z.string().min(1).max(100),
    token: z.string().min(1).max(100),
    name: z.string().trim().max(80).optional(),
  })
  // rating_<productId> (1-5) and text_<productId> per purchased product; photo_<productId>: an image (multipart)
  .catchall(z.union([z.string().max(5000), z.instanceof(Buffer)]))
const textOf = (v: string | Buffer | undefined) => (typeof v === 'string' ? v : '')

export interface ReviewRequestDeps {
  /** Signs the links (a secret of the installation). */
  secret: string
  /** An order as buyers see it (commerce), or null. */
  orderById(siteId: string, orderId: string): Promise<OrderView | null>
  /** Stores a review photo through the files domain -> its address; rejects a file that is not an image. */
  storeReviewPhoto?(siteId: string, filename: string, bytes: Buffer): Promise<string>
  renderPage?(request: FastifyRequest, reply: FastifyReply, page: { pageType: number; template: string; title: string; extra: Record<string, unknown>; status?: number }): Promise<unknown>
}

/** Adds one review of a request (the product's title for the owners' mail); null when it was posted before. */
export type AddRequestedReview = (siteId: string, review: NewReview, about: { product: string }) => Promise<{ id: string } | null>

/** The purchased products of an order (each once), for the review request. */
export function purchasedProducts(order: OrderView): { productId: string; title: string }[] {
  const seen = new Map<string, string>()
  for (const e of order.entries) if (!seen.has(e.itemId)) seen.set(e.itemId, e.title)
  return [...seen].map(([productId, title]) => ({ productId, title }))
}

/** The signed review-request link of an order, and its check. */
export function reviewRequestTokens(secret: string) {
  const token = (siteId: string, orderId: string) => createHmac('sha256', secret).update(`review-request:${siteId}:${orderId}`).digest('base64url').slice(0, 32)
  return {
    url: (baseUrl: string, siteId: string, orderId: string) => `${baseUrl}reviews/request?order=${encodeURIComponent(orderId)}&token=${token(siteId, orderId)}`,
    check(siteId: string, orderId: string, given: string): boolean {
      const want = Buffer.from(token(siteId, orderId))
      const got = Buffer.from(given)
      return want.length === got.length && timingSafeEqual(want, got)
    },
  }
}

export function registerReviewRequestRoutes(app: FastifyInstance, deps: ReviewRequestDeps, add: AddRequestedReview): void {
  const tokens = reviewRequestTokens(deps.secret)
  /** The order a review-request link names, after its token check. */
  async function requestedOrder(siteId: string, orderId: string, token: string) {
    const order = tokens.check(siteId, orderId, token) ? await deps.orderById(siteId, orderId) : null
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
          const review = await add(site.id, {
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
          }, { product: p.title })
          if (!review) continue
          created++
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
