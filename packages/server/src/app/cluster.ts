// What several app nodes share besides the database: cache messages. A page-cache invalidation or a site change
// (slug, existence) in this process runs the local listeners at once and is broadcast; the other nodes' messages
// run the local listeners only. See platform/broadcast.ts for the transport (Redis, NOTIFY or none).
import type { Config } from '../platform/config.js'
import { createBroadcaster, type Broadcaster } from '../platform/broadcast.js'
import type { Db } from '../platform/db/index.js'
import { createInvalidation, type Invalidation } from '../platform/invalidation.js'

interface Log {
  warn(obj: object, msg: string): void
}

export interface ClusterPorts {
  broadcaster: Broadcaster
  /** The page-cache port handed to publishing: invalidations reach every node. */
  pages: Invalidation
  /** Announces that a site's hosts changed (here: `dropHosts` is called; elsewhere: the message). */
  hostsChanged(siteId: string): void
  /** Binds the host cache once tenancy exists. */
  bindHosts(dropHosts: (siteId?: string) => void): void
}

export function createClusterPorts(config: Pick<Config, 'redisUrl' | 'databaseUrl' | 'keyPrefix'>, log: Log): ClusterPorts {
  const broadcaster = createBroadcaster({ redisUrl: config.redisUrl, databaseUrl: config.databaseUrl, prefix: config.keyPrefix, log })
  const local = createInvalidation()
  let dropHosts: (siteId?: string) => void = () => undefined
  broadcaster.onMessage((m) => {
    if (m.kind === 'hosts') dropHosts(m.siteId ?? undefined)
    else if (m.siteId) local.deliver(m.siteId)
  })
  return {
    broadcaster,
    pages: {
      invalidate(siteId) {
        local.deliver(siteId)
        broadcaster.publish({ kind: 'pages', siteId })
      },
      onInvalidate: (listener) => local.onInvalidate(listener),
    },
    hostsChanged(siteId) {
      dropHosts(siteId)
      broadcaster.publish({ kind: 'hosts', siteId })
    },
    bindHosts(fn) {
      dropHosts = fn
    },
  }
}

const STARTUP_LOCK = 727_310_002

/**
 * Runs start-up work (demo seeding) while holding a PostgreSQL advisory lock, so nodes starting together on an
 * empty database take turns; the lock lives in a transaction on its own connection and ends with it. PGlite is
 * one process (its data-dir lock), so the work runs directly.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return work()
  return db.rawTransaction(async (q) => {
    await q('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK])
    return work()
  })
}
