// Whole-site export and import (.swz). Needs: sites, files, content.
import type { Accounts } from '../../domains/accounts/index.js'
import type { Content } from '../../domains/content/index.js'
import type { Files } from '../../domains/files/index.js'
import type { Sites } from '../../domains/sites/index.js'
import { createTransfer } from '../../domains/transfer/index.js'
import { transferPorts } from '../transfer/ports.js'
import type { Base } from './base.js'

export function wireTransfer(
  base: Base,
  { sites, accounts, files, content }: { sites: Sites; accounts: Accounts; files: Files; content: Content },
  appVersion: string,
) {
  const { db, cluster, platformUrl } = base
  const changed = (siteId: string) => (cluster.hostsChanged(siteId), base.invalidatePages(siteId))
  return createTransfer(
    db.orm,
    transferPorts(db.orm, {
      sites,
      files,
      content,
      auth: accounts.auth,
      instance: platformUrl,
      appVersion,
      changed,
    }),
  )
}
