#!/usr/bin/env node
// `npm run cluster`: a local cluster of real parts on this machine. PostgreSQL (the running server, in its own
// database), Redis (when reachable), NODES app nodes and nginx in front on one port (round robin, no stickiness).
// Environment: CLUSTER_PORT (nginx, default 8080; nodes take the next ports), CLUSTER_NODES (2), CLUSTER_DB
// (sitewright_cluster), CLUSTER_PG (admin URL, postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL
// (redis://127.0.0.1:6379; REDIS_URL=none for NOTIFY only), CLUSTER_DIR (data/cluster), KEY_PREFIX,
// CLUSTER_NODE_PORTS (comma-separated ports of the nodes instead of the ones after CLUSTER_PORT). Once everything
// answers, CLUSTER_DIR/cluster.json names the process ids and ports (the e2e test kills a node by it).
// Ctrl-C stops everything. `--print-env` prints the node environment and exits.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createConnection } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { startEnv, startNodeFlags } from '../packages/server/scripts/start-flags.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const port = Number(env.CLUSTER_PORT ?? 8080)
const nodes = Number(env.CLUSTER_NODES ?? 2)
const dbName = env.CLUSTER_DB ?? 'sitewright_cluster'
const adminUrl = env.CLUSTER_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dir = resolve(env.CLUSTER_DIR ?? join(root, 'data', 'cluster'))
const redisWanted = env.REDIS_URL ?? 'redis://127.0.0.1:6379'

if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error('CLUSTER_DB: lower-case letters, digits and _ only')

function reachable(url) {
  return new Promise((done) => {
    const u = new URL(url)
    const s = createConnection({ host: u.hostname, port: Number(u.port || 6379) })
    s.setTimeout(1000)
    s.on('connect', () => (s.end(), done(true)))
    s.on('error', () => done(false))
    s.on('timeout', () => (s.destroy(), done(false)))
  })
}

async function ensureDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${dbName}`)
  await admin.end()
  const u = new URL(adminUrl)
  u.pathname = `/${dbName}`
  return u.toString()
}

// The proxy's rules (README "Behind a load balancer" lists the same for any other one):
// - body limits at the proxy, as the app has them: JSON and form bodies BODY_LIMIT (1 MiB by default), the upload
//   routes (files, site import, review photos) their own. A bigger body is answered 413 by nginx, typed as the app
//   types it, and never reaches a node.
// - request buffering on: a node gets a body only once it has all arrived, so it never answers (413, 400) and closes
//   while the proxy is still sending, which nginx took for a failed node.
// - a node counts as failed only when it cannot be reached, times out or answers 502/503 (a 413 or any other 4xx is
//   the client's), 3 times within 10 s; a request goes to the next node only on those.
// - keepalive to the nodes, closed by nginx (60 s) before Node closes an idle connection (72 s). Up to 512 idle
//   connections kept per worker and 100,000 requests each: with a pool smaller than the clients in flight (64 against
//   wrk's 200) nginx closes the connections past it after each answer, and with nginx's default of 1,000 requests a
//   connection it reconnects every thousand; either way the nodes spend CPU accepting new connections under load.
const BODY_LIMIT = Number(env.BODY_LIMIT ?? 1024 * 1024)
const TOO_LARGE = JSON.stringify({ error: { type: 'payload_too_large', code: 'payload_too_large', message: 'The request body is too large.' } })
// A request nginx itself refuses before any node sees it (a NUL, %00, in the address; a malformed request line or
// header) is answered as the app answers a client mistake: typed JSON, not nginx's HTML page. The app's own answer
// to a NUL in the address is the same type and code.
const BAD_REQUEST = JSON.stringify({ error: { type: 'invalid_data', code: 'bad_request', message: 'The request could not be read. Check the address and try again.' } })

function nginxConf(nodePorts) {
  const tmp = join(dir, 'nginx')
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(tmp, d), { recursive: true })
  const proxy = `      proxy_pass http://sitewright;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # nginx is the edge: the client address it saw, never one the client wrote (TRUST_PROXY trusts this header)
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering on;
      # a node that is gone or shutting down (503 before any work) passes the request to the next one
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;`
  const upload = (match, mb) => `    location ${match} {
      client_max_body_size ${mb}m;
${proxy}
    }`
  return `worker_processes auto;
pid ${tmp}/nginx.pid;
error_log ${tmp}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  client_max_body_size ${BODY_LIMIT};
  client_body_buffer_size 1m;
  upstream sitewright {
${nodePorts.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 512;
    keepalive_requests 100000;
    keepalive_timeout 60s;
  }
  server {
    listen 127.0.0.1:${port};
    error_page 413 = @too_large;
    location @too_large {
      default_type application/json;
      add_header Connection close always;
      return 413 '${TOO_LARGE}';
    }
    # (a URI, not a named location: a request refused while its request line is read has no URI to carry there)
    error_page 400 /.sitewright-bad-request;
    location = /.sitewright-bad-request {
      internal;
      default_type application/json;
      return 400 '${BAD_REQUEST}';
    }
    location / {
${proxy}
    }
    # the upload routes: the largest file kind (video, 500 MB), a whole-site archive, a review's photos
${upload('~ ^/api/sites/[^/]+/files$', 501)}
${upload('= /api/sites/import', 512)}
${upload('= /api/commerce/reviews/request', 60)}
  }
}
`
}

async function waitReady(url, ms = 120_000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`${url} not ready within ${ms / 1000} s`)
}

const databaseUrl = await ensureDatabase()
const redisUrl = redisWanted !== 'none' && (await reachable(redisWanted)) ? redisWanted : null
const nodePorts = env.CLUSTER_NODE_PORTS
  ? env.CLUSTER_NODE_PORTS.split(',').map((p) => Number(p.trim()))
  : Array.from({ length: nodes }, (_, i) => port + 1 + i)
const nodeEnv = (p, i) => ({
  ...startEnv(root), // npm start's malloc settings, unless set
  ...env,
  PORT: String(p),
  HOST: '127.0.0.1',
  PUBLIC_PORT: String(port),
  DATA_DIR: join(dir, `node${i + 1}`),
  DATABASE_URL: databaseUrl,
  ...(redisUrl ? { REDIS_URL: redisUrl } : { REDIS_URL: '' }),
  KEY_PREFIX: env.KEY_PREFIX ?? `${dbName}_`,
  TRUST_PROXY: '1',
})
if (process.argv.includes('--print-env')) {
  for (const [i, p] of nodePorts.entries()) console.log(JSON.stringify(Object.fromEntries(Object.entries(nodeEnv(p, i)).filter(([k]) => !(k in env) || ['REDIS_URL', 'KEY_PREFIX'].includes(k)))))
  process.exit(0)
}

spawnSync('node', [join(root, 'scripts/build.mjs'), '--if-needed'], { stdio: 'inherit' })
mkdirSync(dir, { recursive: true })
const children = []
const stopAll = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
}
process.on('SIGINT', stopAll)
process.on('SIGTERM', stopAll)

for (const [i, p] of nodePorts.entries()) {
  const child = spawn('node', [...startNodeFlags(root), join(root, 'packages/server/dist/main.js')], { env: nodeEnv(p, i), stdio: ['ignore', 'inherit', 'inherit'] })
  children.push(child)
}
// nodes starting together on an empty database take turns on migrations and the demo seed
await Promise.all(nodePorts.map((p) => waitReady(`http://127.0.0.1:${p}/readyz`)))
const confFile = join(dir, 'nginx.conf')
writeFileSync(confFile, nginxConf(nodePorts))
const nginx = spawn('nginx', ['-c', confFile, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] })
children.push(nginx)
await waitReady(`http://127.0.0.1:${port}/healthz`)
writeFileSync(
  join(dir, 'cluster.json'),
  JSON.stringify({ pid: process.pid, port, database: dbName, redis: redisUrl, nginx: nginx.pid, nodes: nodePorts.map((p, i) => ({ port: p, pid: children[i].pid })) }, null, 2),
)
console.log(
  [
    '',
    `  Sitewright cluster: ${nodes} nodes behind nginx on http://localhost:${port}/ (demo), editor http://localhost:${port}/config`,
    `  Nodes: ${nodePorts.map((p) => `http://127.0.0.1:${p}`).join(', ')}   (/readyz on each)`,
    `  PostgreSQL database ${dbName}; cache messages and limits over ${redisUrl ? `Redis ${redisUrl}` : 'PostgreSQL (no Redis)'}`,
    '  Ctrl-C stops the cluster.',
    '',
  ].join('\n'),
)
for (const c of children) c.on('exit', () => (children.every((x) => x.exitCode !== null || x.signalCode !== null) ? process.exit(0) : undefined))
