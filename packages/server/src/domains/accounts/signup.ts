// Signing up as one domain operation: a strong enough password, the sign-up windows of the address and the browser
// (counted first, in their own write, so refused attempts count too), then the owner, their first site (the creator
// is ADMIN) and the known address in one transaction; the sign-up hook (welcome mail) runs after the commit.
import type { z } from 'zod'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import type { AccountsDeps, OwnedSite } from './routes.js'
import { insertOwner, prepareOwner, rememberAddress, type Owner } from './service.js'
import { passwordProblem } from './strength.js'
import { SIGNUPS_PER_ADDRESS, SIGNUPS_PER_CLIENT, SIGNUP_WINDOW_MS, hitWindows, tooManyAttempts } from './throttle.js'
import type { signupBody } from './validators.js'

export interface SignUpInput {
  body: z.output<typeof signupBody>
  /** The client address. */
  ip: string
  /** The browser's device id (its device cookie, or a new id). */
  device: string
}

export async function signUp(orm: Orm, deps: AccountsDeps, input: SignUpInput): Promise<{ owner: Owner; site: OwnedSite }> {
  const { body, ip, device } = input
  const problem = await passwordProblem(body.password, [body.email, body.name, body.siteTitle, body.slug])
  if (problem) throw new AppError('invalid_data', 'validation_failed', 'Choose a stronger password.', { fields: { password: problem } })
  const wait = await hitWindows(
    orm,
    [
      { key: `signup-address:${ip}`, max: SIGNUPS_PER_ADDRESS },
      // the browser: the id of its device cookie (a browser without one gets this id with its first sign-up)
      { key: `signup-client:${device}`, max: SIGNUPS_PER_CLIENT },
    ],
    SIGNUP_WINDOW_MS,
  )
  if (wait > 0) throw tooManyAttempts(wait, 'Too many sign-ups from here. Please try again later.')
  const row = await prepareOwner(body)
  const signedUp = await orm.transaction(async (tx) => {
    const owner = await insertOwner(tx, row)
    const site = await deps.sites.createForOwner(tx, owner.id, { title: body.siteTitle, slug: body.slug })
    await rememberAddress(tx, owner.id, ip)
    return { owner, site }
  })
  if (deps.onSignedUp) await deps.onSignedUp(signedUp.owner, signedUp.site)
  return signedUp
}
