// The ports of paid memberships and donations between domains (content, commerce, members, publishing), bound in
// build-app: the donation block a DONATE page is for, the member-area pages, the PAYWALL products an owner can
// ask for, and what a paywalled page offers.
import { BLOCK_TYPES, PRODUCT_TYPES, type DonationBlockValue } from '@sitewright/contracts'
import type { Commerce, MembershipOffer } from '../domains/commerce/index.js'
import { isLive, restore } from '../domains/content/index.js'
import type { FastifyRequest } from 'fastify'
import type { Members, MembersDeps } from '../domains/members/index.js'

export { seedDemoPaid } from './demo-paid.js'

interface CollectionReader {
  siteCollections(siteId: string): Promise<{ id: string; title: string; urlId: string; homepage: boolean; lock: string; navigation: string; status: string; publishOn: Date; layout: unknown }[]>
}

const fullUrl = (c: { homepage: boolean; urlId: string }) => (c.homepage ? '/' : `/${c.urlId}`)

/** A live page's donation block value, or null when the page or the block is not there. */
export async function donationBlockOf(read: CollectionReader, siteId: string, pageId: string, blockId: string): Promise<DonationBlockValue | null> {
  const c = (await read.siteCollections(siteId)).find((x) => x.id === pageId)
  if (!c || !isLive(c, Date.now()) || c.layout == null) return null
  const layout = restore('layout', c.layout)
  for (const s of layout.sections) for (const b of s.blocks) if (b.id === blockId && b.type === BLOCK_TYPES.donation) return b.value as DonationBlockValue
  return null
}

/** The member-area pages: members-only pages and the pages of the `_memberareas` section. */
export async function memberAreaPagesOf(read: CollectionReader, siteId: string): Promise<{ collectionId: string; title: string; fullUrl: string }[]> {
  return (await read.siteCollections(siteId))
    .filter((c) => c.lock === 'members' || c.navigation === '_memberareas')
    .map((c) => ({ collectionId: c.id, title: c.title, fullUrl: fullUrl(c) }))
}

/** The site's PAYWALL products (not drafts), with their price and whether they renew. */
export async function paywallProductsOf(commerce: Commerce, siteId: string): Promise<{ id: string; title: string; price: string; recurring: boolean }[]> {
  const ids = await commerce.productIdsOfType(siteId, PRODUCT_TYPES.PAYWALL)
  const out: { id: string; title: string; price: string; recurring: boolean }[] = []
  for (const id of ids) {
    const offer = await commerce.membershipOffer(siteId, id)
    if (offer) out.push({ id, title: offer.title, price: offer.price, recurring: offer.recurring })
  }
  return out
}

/** What a paid area's page offers a visitor without access: the membership, and how to join. */
export async function paywallOf(members: Members, commerce: Commerce, siteId: string, collectionId: string): Promise<MembershipOffer | null> {
  const productId = await members.paidAreaProduct(siteId, collectionId)
  return productId ? commerce.membershipOffer(siteId, productId) : null
}

/** What commerce asks of content and members (members is built after commerce: called at request time). */
export function paidCommerceDeps(read: CollectionReader, members: () => Members) {
  return {
    donationBlock: (siteId: string, pageId: string, blockId: string) => donationBlockOf(read, siteId, pageId, blockId),
    areasOfProducts: (siteId: string, productIds: readonly string[]) => members().areasOfProducts(siteId, productIds),
  }
}

/** What members asks for paid areas: the owner check, the area pages (content), memberships held and subscriptions (commerce). */
export function paidMemberDeps(commerce: Commerce, read: CollectionReader, authorize: (request: FastifyRequest, siteId: string) => Promise<unknown>, onChange: (siteId: string) => void): Pick<MembersDeps, 'authorize' | 'memberAreaPages' | 'memberships' | 'onChange'> {
  return {
    authorize,
    memberAreaPages: (siteId) => memberAreaPagesOf(read, siteId),
    memberships: {
      held: (siteId, email) => commerce.heldMemberships(siteId, email),
      subscriptions: (siteId, email) => commerce.buyerSubscriptions(siteId, email),
      cancel: (siteId, email, id) => commerce.cancelSubscription(siteId, email, id),
      pause: (siteId, email, id) => commerce.pauseSubscription(siteId, email, id),
      resume: (siteId, email, id) => commerce.resumeSubscription(siteId, email, id),
      orders: (siteId, email) => commerce.buyerOrders(siteId, email),
      order: (siteId, email, id) => commerce.buyerOrder(siteId, email, id),
      giftCardBalance: (siteId, key, code) => commerce.giftCardBalance(siteId, key, code),
      products: (siteId) => paywallProductsOf(commerce, siteId),
    },
    onChange,
  }
}
