// Owner accounts. Needs: the crumb and the owner's sites (both built after it: late), the mailer.
import { createAccounts } from '../../domains/accounts/index.js'
import type { Orm } from '../../platform/db/index.js'
import { claimMail, welcomeMail } from '../welcome-mail.js'
import type { Base } from './base.js'

export async function wireAccounts(base: Base) {
  const { db, late, mailer, platformUrl, log } = base
  const accounts = createAccounts(db.orm, {
    deviceSecret: await base.secret('login-device'),
    // an owner session gets a crumb bound to it; signing out goes back to an unbound one
    onSessionChange: (request, reply, token) => late.get('crumbs').rebind(request, reply, token),
    crumbBound: (request) => late.get('crumbs').isBound(request),
    sites: {
      listForOwner: (ownerId: string) => late.get('sites').listForOwner(ownerId),
      createForOwner: (tx: Orm, ownerId: string, input: { title: string; slug?: string | undefined }) =>
        late.get('sites').createForOwner(tx, ownerId, input),
      moveMembers: (tx: Orm, fromOwnerId: string, toOwnerId: string) =>
        late.get('sites').moveMembers(tx, fromOwnerId, toOwnerId),
    },
    onSignedUp: async (owner, site, notice) => {
      const link = (path: string) => `${platformUrl}${path}?token=${encodeURIComponent(notice.token)}`
      try {
        await mailer.send(
          notice.kind === 'welcome'
            ? welcomeMail(owner, site, link('/api/auth/verify-email'))
            : claimMail(notice.to, site, link('/api/auth/claim')),
        )
      } catch (e) {
        log.warn({ err: e }, 'welcome mail not sent')
      }
    },
    log,
  })
  return accounts
}
