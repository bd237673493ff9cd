// A child process for recovery.crash.itest: the real app on the DATA_DIR / DATABASE_URL of its environment, with
// no background work (no mail job runs here), makes a shop with recovery on and two abandoned checkouts (A an hour
// older than B, so a sweep takes A first), prints READY, then waits for the file `<DATA_DIR>/go` (the test may
// first lock B's row), runs the reminder sweep and prints SWEPT when it returns. Then it waits to be killed.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app/index.js'
import { createOwnerAccount } from '../src/domains/accounts/index.js'
import { loadConfig } from '../src/platform/config.js'
import { openDatabase, sqlRows } from '../src/platform/db/index.js'
import { newId } from '../src/platform/ids.js'

const config = loadConfig(process.env)
const app = await buildApp(config, { db: await openDatabase(config), background: false })
const { extra: site } = await createOwnerAccount(app.db.orm, { email: 'remind-owner@example.com', password: 'a long crash-test password 1' }, (tx, o) =>
  app.sites.createForOwner(tx, o.id, { title: 'Remind shop', slug: 'remind-shop' }),
)
const siteId = site!.id
const variant = { sku: 'REMIND-MUG', attributes: {}, priceCents: 1200, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: true }
const product = await app.commerce.createProduct(siteId, { collectionId: 'shop', title: 'Mug', productType: 1, variants: [variant] })
await app.db.orm.execute(sql`INSERT INTO commerce_recovery_settings (site_id, enabled, delay_hours, reminders) VALUES (${siteId}, true, 1, 1)`)
const checkouts: { id: string; email: string }[] = []
for (const [name, hoursAgo] of [['a', 3], ['b', 2]] as const) {
  await app.commerce.addToCart({ siteId, cartToken: undefined, itemId: product.id, quantity: 2 })
  const [cart] = await sqlRows<{ id: string }>(app.db.orm, sql`SELECT id FROM commerce_carts WHERE site_id = ${siteId} AND id NOT IN (SELECT cart_id FROM commerce_abandoned_checkouts) LIMIT 1`)
  const id = newId()
  const email = `shopper-${name}@example.com`
  const at = new Date(Date.now() - hoursAgo * 3_600_000)
  await app.db.orm.execute(sql`INSERT INTO commerce_abandoned_checkouts (id, site_id, cart_id, email, consent, value_cents, last_activity_at, created_at)
    VALUES (${id}, ${siteId}, ${cart!.id}, ${email}, true, 2400, ${at}, ${at})`)
  checkouts.push({ id, email })
}
console.log(`READY ${JSON.stringify({ siteId, a: checkouts[0], b: checkouts[1] })}`)
const go = join(config.dataDir, 'go')
while (!existsSync(go)) await new Promise((r) => setTimeout(r, 50))
const queued = await app.commerce.sendRecoveryReminders()
console.log(`SWEPT ${JSON.stringify({ queued })}`)
await new Promise(() => setInterval(() => undefined, 60_000)) // killed here
