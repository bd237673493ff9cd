// The ports of paid memberships and donations between domains (content, commerce, members, publishing), bound in
// build-app: the donation block a DONATE page is for, the member-area pages, the PAYWALL products an owner can
// ask for, and what a paywalled page offers.
import { BLOCK_TYPES, PRODUCT_TYPES, type DonationBlockValue } from '@sitewright/contracts'
import type { Commerce, MembershipOffer } from '../domains/commerce/index.js'
import { isLive, restore } from '../domains/content/index.js'
import type { Members } from '../domains/members/index.js'

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
