// Files: on the local disk for one node (PGlite); in PostgreSQL rows or an S3 bucket for several nodes.
import type { Accounts } from '../../domains/accounts/index.js'
import { createFiles, openFileStorage } from '../../domains/files/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Base } from './base.js'

export async function wireFiles(base: Base, { sites, accounts }: { sites: Sites; accounts: Accounts }) {
  const { db, config, log } = base
  const storage = await openFileStorage(config.fileStorage, db.orm, config.s3)
  return createFiles(db.orm, {
    sites,
    auth: accounts.auth,
    dataDir: config.dataDir,
    log,
    onChange: base.invalidatePages,
    jobs: base.jobs,
    shared: config.databaseUrl !== null,
    storage,
    modernFormats: config.imageModernFormats,
  })
}
