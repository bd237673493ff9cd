// Cross-node messages: every app node publishes what it changed (a site's pages, a site's hosts) and every other
// node drops its caches. Redis pub/sub when REDIS_URL is set (fastest, no database connection held), else
// PostgreSQL LISTEN/NOTIFY on the application database (no extra service), else nothing: embedded PGlite is one
// process by construction (its data-dir lock refuses a second one).
import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type pg from 'pg'

export type CacheMessage = { kind: 'pages' | 'hosts'; siteId: string | null }

export interface Broadcaster {
  readonly kind: 'redis' | 'postgres' | 'none'
  /** This node's id (messages carry it so that a node skips its own). */
  readonly node: string
  /** Sends a message to the other nodes (fire and forget; failures are logged). */
  publish(message: CacheMessage): void
  /** Receives the other nodes' messages. */
  onMessage(listener: (message: CacheMessage) => void): void
  /** Resolves when the subscription is live. */
  ready(): Promise<void>
  /** True when the transport answered within the last check (for /readyz). */
  ping(): Promise<boolean>
  close(): Promise<void>
}

interface Log {
  warn(obj: object, msg: string): void
}

/** Channel name; a prefix separates several installations sharing one Redis (tests, branches). */
export function channelName(prefix: string): string {
  return `${prefix}sitewright_cache`
}

function decode(raw: string, node: string): CacheMessage | null {
  try {
    const m = JSON.parse(raw) as { n?: unknown; k?: unknown; s?: unknown }
    if (m.n === node) return null
    if ((m.k !== 'pages' && m.k !== 'hosts') || (m.s !== null && typeof m.s !== 'string')) return null
    return { kind: m.k, siteId: m.s }
  } catch {
    return null
  }
}

function encode(node: string, m: CacheMessage): string {
  return JSON.stringify({ n: node, k: m.kind, s: m.siteId })
}

export function createBroadcaster(opts: { redisUrl: string | null; databaseUrl: string | null; prefix?: string; log?: Log }): Broadcaster {
  const node = randomUUID()
  const channel = channelName(opts.prefix ?? '')
  const listeners: ((m: CacheMessage) => void)[] = []
  const deliver = (raw: string) => {
    const m = decode(raw, node)
    if (m) for (const l of listeners) l(m)
  }
  const warn = (err: unknown, msg: string) => opts.log?.warn({ err }, msg)
  const base = { node, onMessage: (l: (m: CacheMessage) => void) => void listeners.push(l) }

  if (opts.redisUrl) {
    const url = opts.redisUrl
    // the drivers are loaded when configured, not by every start
    const clients: Promise<{ pub: Redis; sub: Redis }> = import('ioredis').then(async ({ Redis: Client }) => {
      const pub = new Client(url, { lazyConnect: false, maxRetriesPerRequest: 2 })
      const sub = new Client(url, { lazyConnect: false })
      pub.on('error', (e) => warn(e, 'redis publisher error'))
      sub.on('error', (e) => warn(e, 'redis subscriber error'))
      sub.on('message', (ch: string, raw: string) => {
        if (ch === channel) deliver(raw)
      })
      await sub.subscribe(channel)
      return { pub, sub }
    })
    return {
      ...base,
      kind: 'redis',
      publish: (m) =>
        void clients.then(({ pub }) => pub.publish(channel, encode(node, m))).catch((e: unknown) => warn(e, 'cache message not published')),
      ready: async () => void (await clients),
      ping: async () => (await clients.then(({ pub }) => pub.ping()).catch(() => '')) === 'PONG',
      async close() {
        const c = await clients.catch(() => null)
        c?.sub.disconnect()
        await c?.pub.quit().catch(() => undefined)
      },
    }
  }

  if (opts.databaseUrl) {
    const url = opts.databaseUrl
    const driver = import('pg').then((m) => m.default)
    // NOTIFY goes through any connection; LISTEN needs one held open, reconnected when it drops.
    const pool = driver.then((pgm) => {
      const p = new pgm.Pool({ connectionString: url, max: 2 })
      p.on('error', () => undefined)
      return p
    })
    let listener: pg.Client | null = null
    let closed = false
    let live: Promise<void>
    const listen = async (): Promise<void> => {
      const client = new (await driver).Client({ connectionString: url })
      client.on('notification', (n) => {
        if (n.channel === channel && n.payload) deliver(n.payload)
      })
      client.on('error', (e) => {
        warn(e, 'LISTEN connection lost; reconnecting')
        listener = null
        if (!closed) setTimeout(() => void (live = listen().catch((err: unknown) => warn(err, 'LISTEN failed'))), 500).unref()
      })
      await client.connect()
      await client.query(`LISTEN "${channel}"`)
      if (closed) await client.end()
      else listener = client
    }
    live = listen()
    return {
      ...base,
      kind: 'postgres',
      publish: (m) => void pool.then((p) => p.query('SELECT pg_notify($1, $2)', [channel, encode(node, m)])).catch((e: unknown) => warn(e, 'cache message not published')),
      ready: () => live,
      ping: async () => listener !== null && (await pool.then((p) => p.query('SELECT 1')).then(() => true, () => false)),
      async close() {
        closed = true
        await live.catch(() => undefined)
        await listener?.end().catch(() => undefined)
        await (await pool).end().catch(() => undefined)
      },
    }
  }

  return { ...base, kind: 'none', publish: () => undefined, ready: async () => undefined, ping: async () => true, close: async () => undefined }
}
