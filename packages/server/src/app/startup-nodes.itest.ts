// Nodes starting together on an empty PostgreSQL database (a cluster's first start): migrations and the demo seed
// take turns under advisory locks, and every node gets its pg-boss queues (mail, variants), which two nodes creating
// at once could otherwise deadlock on.
import { afterAll, describe, expect, it } from 'vitest'
import { startNodes, type Nodes } from '../../test/nodes.js'
import { sqlRows } from '../platform/db/index.js'
import { sql } from 'drizzle-orm'

const adminUrl = process.env.DATABASE_URL
let nodes: Nodes | null = null
// three seeded nodes stopping on a CI machine that also runs the PGlite suite: give their close the time it takes
afterAll(() => nodes?.close(), 90_000)

describe.skipIf(!adminUrl)('three nodes starting together (postgres)', () => {
  it('all start, one demo owner is made, and each runs its jobs through pg-boss', async () => {
    nodes = await startNodes(adminUrl!, 3, { seedDemo: true }, true)
    for (const app of nodes.apps) {
      expect(app.mailJobs.usesPgBoss).toBe(true)
      expect(app.files.variantsUsePgBoss).toBe(true)
    }
    const owners = await sqlRows<{ n: number }>(nodes.apps[0]!.db.orm, sql`SELECT count(*)::int AS n FROM owners WHERE email = 'demo@sitewright.local'`)
    expect(owners[0]!.n).toBe(1)
  })
})
