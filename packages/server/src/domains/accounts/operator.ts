// What an operator does from the command line (`sitewright create-owner`, `sitewright reset-password`): the same
// password rules as sign-up, and a new password signs the account out everywhere.
import { eq, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { hashPassword } from './passwords.js'
import { ownerSessions, owners } from './schema.js'
import { findOwnerByEmail, insertOwner, prepareOwner, type Owner } from './service.js'
import { passwordProblem } from './strength.js'

/** Refuses a password that sign-up would refuse (`details`: the account's own words, e.g. its email and name). */
export async function checkOwnerPassword(password: string, details: (string | undefined)[]): Promise<void> {
  const problem = await passwordProblem(password, details)
  if (problem) throw new AppError('invalid_data', 'validation_failed', `Choose a stronger password. ${problem}`, { fields: { password: problem } })
}

/** A new owner account whose address counts as confirmed (the operator vouches for it), with `then` in its transaction. */
export async function createOwnerAccount<S>(
  orm: Orm,
  input: { email: string; password: string; name?: string | undefined },
  then?: (tx: Orm, owner: Owner) => Promise<S>,
): Promise<{ owner: Owner; extra: S | undefined }> {
  await checkOwnerPassword(input.password, [input.email, input.name])
  const row = await prepareOwner(input)
  return orm.transaction(async (tx) => {
    const owner = await insertOwner(tx, { ...row, emailVerifiedAt: new Date() } as typeof row)
    return { owner, extra: then ? await then(tx, owner) : undefined }
  })
}

/** Sets an owner's password and ends every session of the account; not_found for an unknown email. */
export async function resetOwnerPassword(orm: Orm, email: string, password: string): Promise<{ owner: Owner; sessionsEnded: number }> {
  const owner = await findOwnerByEmail(orm, email)
  if (!owner) throw new AppError('not_found', 'owner_not_found', `No owner account has the address ${email.trim().toLowerCase()}.`)
  await checkOwnerPassword(password, [owner.email, owner.name])
  const passwordHash = await hashPassword(password)
  return orm.transaction(async (tx) => {
    await tx.update(owners).set({ passwordHash, updatedAt: sql`now()` }).where(eq(owners.id, owner.id))
    const ended = await tx.delete(ownerSessions).where(eq(ownerSessions.ownerId, owner.id)).returning({ id: ownerSessions.id })
    return { owner, sessionsEnded: ended.length }
  })
}
