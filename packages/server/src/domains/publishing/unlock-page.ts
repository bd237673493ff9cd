// Unlocking a password-locked page: the one domain function behind POST `{page}?unlock`. Every guess is counted
// before it is checked (page and address, address, page), like owner sign-ins.
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors.js'
import { verifyLockPassword, type CollectionRow } from '../content/index.js'
import { resolvePath } from './context/index.js'
import { loadScope } from './context/index.js'
import type { ServeContext } from './serve/index.js'

export type UnlockOutcome =
  /** Nothing to unlock at that path: back to the page. */
  | { kind: 'not-locked' }
  | { kind: 'throttled'; retryAfter: number }
  | { kind: 'wrong-password' }
  | { kind: 'unlocked'; collection: CollectionRow }

/** Checks a guess at the password of the locked page (or collection) at `path` of the site. */
export async function unlockPage(s: ServeContext, request: FastifyRequest, siteId: string, path: string, password: string): Promise<UnlockOutcome> {
  const scope = await loadScope(s.sites, s.content, s.deps, siteId, request)
  if (!scope) throw new AppError('not_found', 'site_not_found', 'There is no site at this address.')
  const target = await resolvePath(scope, path)
  const c = target.kind === 'collection' || target.kind === 'item' || target.kind === 'product' ? target.collection : null
  if (!c || c.lock !== 'password' || !c.lockPasswordHash) return { kind: 'not-locked' }
  const attempt = s.lockThrottle ? await s.lockThrottle.attempt(c.id, request.ip) : null
  if (attempt && !attempt.ok) return { kind: 'throttled', retryAfter: attempt.retryAfter }
  if (password && password.length <= 200 && (await verifyLockPassword(c.lockPasswordHash, password))) {
    await attempt?.succeeded()
    return { kind: 'unlocked', collection: c }
  }
  return { kind: 'wrong-password' }
}
