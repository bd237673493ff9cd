import pg from 'pg'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../src/app/index.js'
import { loadConfig } from '../src/platform/config.js'
import { freshPostgresDatabase } from '../test/fresh-postgres.js'
let n = 0; let texts: string[] = []
const orig = pg.Client.prototype.query
;(pg.Client.prototype as any).query = function (this: any, ...a: any[]) { n++; const t = typeof a[0] === 'string' ? a[0] : a[0]?.text; texts.push(String(t).slice(0, 160)); return (orig as any).apply(this, a) }
const fresh = await freshPostgresDatabase('postgres://postgres@127.0.0.1:5432/postgres', 'sw_countq')
const config = { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cq-')), LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '0' }), databaseUrl: fresh.url }
const app = await buildApp(config, { commerceRateLimit: { max: 1e9, windowMs: 1000 } })
await app.fastify.listen({ port: 0, host: '127.0.0.1' })
const base = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`
const me = await fetch(`${base}/api/auth/me`)
const crumb = /crumb=([^;]+)/.exec(me.headers.get('set-cookie') ?? '')![1]!
const res = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` }, body: JSON.stringify({ email: 'b@example.com', password: 'a-long-password', name: 'B', siteTitle: 'B', slug: 'bench' }) })
const site = ((await res.json()) as any).site
const one = await app.commerce.createProduct(site.id, { collectionId: 'bench', title: 'One', productType: 1, status: 'hidden', variants: [{ sku: 'BENCH-ONE', attributes: {}, priceCents: 1000, qtyInStock: 0, unlimited: true }] } as any)
import { request } from 'node:http'
const add = () => new Promise<{ status: number }>((resolve) => { const body = JSON.stringify({ itemId: one.id, sku: 'BENCH-ONE', quantity: 1, additionalFields: null }); const r = request(`${base}/api/commerce/shopping-cart/entries`, { method: 'POST', headers: { host: 'bench.localhost', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-csrf-token': crumb, cookie: `crumb=${crumb}` } }, (res) => { res.resume(); res.on('end', () => resolve({ status: res.statusCode! })) }); r.end(body) })
for (let i = 0; i < 5; i++) console.log((await add()).status)
await new Promise((r) => setTimeout(r, 1500))
n = 0; texts = []
for (let i = 0; i < 20; i++) await add()
console.log('queries per add', n / 20)
console.log(texts.slice(0, 8).join('\n'))
await app.close(); await fresh.drop(); process.exit(0)
