// Starter sites, onboarding and site copies. Needs: sites, content, commerce, files.
import type { Accounts } from '../../domains/accounts/index.js'
import type { Commerce } from '../../domains/commerce/index.js'
import type { Content } from '../../domains/content/index.js'
import type { Files } from '../../domains/files/index.js'
import { DEFAULT_THEME_DIR } from '../../domains/publishing/index.js'
import type { Sites } from '../../domains/sites/index.js'
import { createStarters } from '../../domains/starters/index.js'
import { STARTER_COPY_TABLES, copyFileBytes, starterSiteState } from '../starters/ports.js'
import { seedStarter } from '../starters/seed.js'
import type { Base } from './base.js'

export function wireStarters(
  base: Base,
  {
    sites,
    accounts,
    content,
    commerce,
    files,
  }: { sites: Sites; accounts: Accounts; content: Content; commerce: Commerce; files: Files },
) {
  return createStarters(base.db.orm, {
    auth: accounts.auth,
    sites,
    themeDir: DEFAULT_THEME_DIR,
    seed: (siteId, spec, o) =>
      seedStarter(
        siteId,
        spec,
        {
          content,
          sites,
          commerce,
          storeImage: (sid, filename, bytes, meta) => files.storeBuffer(sid, filename, bytes, meta),
        },
        o,
      ),
    hasPages: async (siteId) => (await content.listCollections(siteId)).length > 0,
    siteState: (siteId) => starterSiteState(siteId, { content, commerce }),
    copyTables: STARTER_COPY_TABLES,
    copyFiles: (from, to, assets) => copyFileBytes(files.storage, from, to, assets),
    changed: base.invalidatePages,
  })
}
