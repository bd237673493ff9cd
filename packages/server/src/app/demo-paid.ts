// The demo site's paid member area and donation block, created once with the demo store: a monthly PAYWALL
// product "Studio membership" (hidden from the shop grid, sold from the paywalled page), the "Studio" page in the
// member areas opened by it (the free Members page stays open to every member), and a "Support the studio" page
// with a donation block.
import type { Commerce } from '../domains/commerce/index.js'
import type { Content } from '../domains/content/index.js'
import type { Members } from '../domains/members/index.js'

export const DEMO_MEMBERSHIP = { urlId: 'studio-membership', sku: 'STUDIO-MEMBER', title: 'Studio membership', priceCents: 1200 } as const

export async function seedDemoPaid(siteId: string, shopId: string, d: { content: Content; commerce: Commerce; members: Members }): Promise<void> {
  const product = await d.commerce.createProduct(siteId, {
    collectionId: shopId,
    urlId: DEMO_MEMBERSHIP.urlId,
    title: DEMO_MEMBERSHIP.title,
    productType: 5,
    status: 'hidden',
    description: 'Monthly studio membership: the kiln diary, glaze tests and a members-only firing slot.',
    isSubscribable: true,
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    variants: [{ sku: DEMO_MEMBERSHIP.sku, priceCents: DEMO_MEMBERSHIP.priceCents, unlimited: true }],
  })
  const studio = await d.content.createCollection(siteId, {
    typeName: 'page',
    title: 'Studio diary',
    navigationTitle: 'Studio',
    urlId: 'studio',
    navigation: '_memberareas',
    lock: 'members',
    layout: { sections: [{ blocks: [{ type: 2, value: { html: '<h2>Studio diary</h2><p>This month: three test tiles of the new celadon, the ash glaze on the big jars and the date of the members’ firing.</p>' } }] }] },
  })
  await d.members.setAreaRule(siteId, studio.id, { rule: 'product', tag: '', productId: product.id })
  await d.content.createCollection(siteId, {
    typeName: 'page',
    title: 'Support the studio',
    urlId: 'support',
    navigation: 'footer',
    layout: {
      sections: [
        {
          blocks: [
            { type: 2, value: { html: '<p>The studio runs open evenings and a free clay club for the village school. Gifts keep the kiln lit.</p>' } },
            { type: 52, value: { title: 'Keep the kiln lit', description: 'Every gift buys clay, glaze and firings for the clay club.', presets: [10, 25, 50, 100], recurring: true, buttonText: 'Donate' } },
          ],
        },
      ],
    },
  })
}
