// A child process for events.crash.itest: the real app on the DATA_DIR / DATABASE_URL of its environment, with
// no background work (so no job runs here), makes an owner, a site and a product, places one order through the
// store's domain operation (committed), prints what it did and what the queues hold, then waits to be killed.
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app/index.js'
import { createOwnerAccount } from '../src/domains/accounts/index.js'
import { TEST_CARDS } from '../src/domains/commerce/index.js'
import { loadConfig } from '../src/platform/config.js'
import { openDatabase, sqlRows } from '../src/platform/db/index.js'

const config = loadConfig(process.env)
const app = await buildApp(config, { db: await openDatabase(config), background: false })
const ownerEmail = 'crash-owner@example.com'
const { extra: site } = await createOwnerAccount(app.db.orm, { email: ownerEmail, password: 'a long crash-test password 1' }, (tx, o) =>
  app.sites.createForOwner(tx, o.id, { title: 'Crash shop', slug: 'crash-shop' }),
)
const siteId = site!.id
const variant = { sku: 'CRASH-MUG', attributes: {}, priceCents: 1200, salePriceCents: 0, onSale: false, qtyInStock: 50, unlimited: false }
const product = await app.commerce.createProduct(siteId, { collectionId: 'shop', title: 'Mug', productType: 1, variants: [variant] })
const { newCartToken } = await app.commerce.addToCart({ siteId, cartToken: undefined, itemId: product.id, quantity: 1 })
const address = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }
const checkout = { email: 'crash-buyer@example.com', shippingAddress: address, card: { number: TEST_CARDS.success[0]!, expMonth: 12, expYear: 2099, cvc: '123' } }
const placed = await app.commerce.placeOrder({ siteId, cartToken: newCartToken!, checkout, site: { title: 'Crash shop', baseUrl: 'http://crash-shop.localhost' } })

const count = async (q: ReturnType<typeof sql>) => (await sqlRows<{ n: number }>(app.db.orm, q))[0]!.n
const pgBoss = app.jobs.usesPgBoss
const report = {
  siteId,
  orderId: placed.order.id,
  orderNumber: placed.order.number,
  ownerEmail,
  buyerEmail: checkout.email,
  pgBoss,
  // the event waits as a job of the one queue (written in the order's transaction); no mail is queued yet
  eventJobs: await count(sql`SELECT count(*)::int AS n FROM jobs WHERE queue = 'domain-events'`),
  mailJobs: await count(sql`SELECT count(*)::int AS n FROM mail_jobs WHERE site_id = ${siteId}`),
}
console.log(`PLACED ${JSON.stringify(report)}`)
await new Promise(() => setInterval(() => undefined, 60_000)) // killed here
