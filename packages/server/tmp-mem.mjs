import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from './dist/app/index.js'
import { loadConfig } from './dist/platform/config.js'
const dir = mkdtempSync(join(tmpdir(), 'memx-'))
const app = await buildApp(loadConfig({ ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}), DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' }))
await app.fastify.listen({ port: 0, host: '127.0.0.1' })
const port = app.fastify.server.address().port
const { startIdleCollector } = await import('./dist/platform/idle-gc.js')
const col = process.env.IDLE_GC ? startIdleCollector(app.fastify.server) : null
const mb = (n) => Math.round(n / 1048576)
const show = (label) => { const m = process.memoryUsage(); const s = readFileSync('/proc/self/status', 'utf8'); console.log(label, JSON.stringify({ rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) }), /RssAnon:\s+(\d+)/.exec(s)[1] / 1024 | 0, /RssFile:\s+(\d+)/.exec(s)[1] / 1024 | 0) }
for (const t of [1,2,3]) { await new Promise((r) => setTimeout(r, 5000)); show('idle' + t + ' gcs ' + col?.collections) }
await new Promise((r) => spawn(process.execPath, ['../../../shared/probes/fuzz.mjs', `http://127.0.0.1:${port}`, '3000'], { stdio: 'ignore' }).on('exit', r))
for (const t of [0, 5, 10, 15, 20]) { await new Promise((r) => setTimeout(r, t ? 5000 : 0)); show('after fuzz +' + t + ' gcs ' + col?.collections) }
await app.close(); process.exit(0)
