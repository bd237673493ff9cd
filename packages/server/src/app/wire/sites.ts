// Sites (and the web fonts their styles use). Needs: accounts (the session, the owners), the mailer.
import type { Accounts } from '../../domains/accounts/index.js'
import { createFonts, type Fonts } from '../../domains/fonts/index.js'
import { createSites } from '../../domains/sites/index.js'
import type { Base } from './base.js'

export function wireFonts({ db }: Base): Fonts {
  return createFonts(db.orm)
}

export function wireSites(
  { db, config, mailer, platformUrl }: Base,
  { accounts, fonts }: { accounts: Accounts; fonts: Fonts },
) {
  return createSites(db.orm, {
    fontFaces: (used) => fonts.pageFonts(used),
    rootDomain: config.rootDomain,
    publicPort: config.publicPort,
    auth: accounts.auth,
    contributors: {
      ownersByIds: (ids) => accounts.ownersByIds(ids),
      sendMail: (m) => mailer.send(m),
      editorUrl: `${platformUrl}/config/`,
    },
  })
}
