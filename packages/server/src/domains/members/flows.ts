// Member account flows: sign-up with a verification mail, sign-in under the login throttle, password reset by mail.
// Sign-up and reset answer the same whether the email has an account or not (no enumeration): the mail tells the
// address's owner what happened.
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import {
  SIGNUP_WINDOW_MS,
  burnVerification,
  hashPassword,
  hitWindows,
  passwordProblem,
  reserveAttempt,
  settleSuccess,
  tooManyAttempts,
  verifyPassword,
} from '../accounts/index.js'
import { consumeLinkToken, createLinkToken, deleteSessionsOf, findUserByEmail, getUser, insertUser, normalizeEmail, updateUser, type SiteUserRow } from './service.js'

export const CHECK_YOUR_MAIL = 'Check your mail: we have sent you a link to continue.'
export const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please try again later.'
const SIGNUPS_PER_ADDRESS = 20
const RESETS_PER_EMAIL = 5

export interface MailOut {
  to: string
  subject: string
  text: string
  html?: string
  /** The sender ('"Site title" <address>'); absent: the mailer's default. */
  from?: string
}

export interface FlowDeps {
  send(mail: MailOut): Promise<void>
  /**
   * The theme's email template rendered for the site (brand, sender = the site's title); absent: the plain-text
   * mails below.
   */
  compose?(siteId: string, template: 'member-verification' | 'member-password-reset' | 'member-account-exists', to: string, data: Record<string, unknown>): Promise<MailOut>
  /** The site's title and address (ending in '/'). */
  site(siteId: string): Promise<{ title: string; url: string }>
  /** A new member account exists (the owners' new-member notification); a failure never fails the sign-up. */
  onMemberCreated?(siteId: string, member: { id: string; email: string; name: string }): Promise<unknown>
}

export function createFlows(orm: Orm, deps: FlowDeps) {
  const linkMail = async (siteId: string, user: SiteUserRow, kind: 'verify' | 'reset') => {
    const { title, url } = await deps.site(siteId)
    const token = await createLinkToken(orm, siteId, user.id, kind)
    const link = `${url}account/${kind}?token=${token}`
    if (deps.compose) {
      const template = kind === 'verify' ? 'member-verification' : 'member-password-reset'
      return deps.send(await deps.compose(siteId, template, user.email, { member: { name: user.name, link } }))
    }
    if (kind === 'verify') {
      await deps.send({
        to: user.email,
        subject: `Confirm your email for ${title}`,
        text: `Welcome to ${title}.\n\nConfirm your email address to finish creating your account:\n${url}account/verify?token=${token}\n\nThe link works for 3 days. If you did not sign up, you can ignore this mail.\n`,
      })
    } else {
      await deps.send({
        to: user.email,
        subject: `Reset your password for ${title}`,
        text: `Someone asked to reset the password of your account on ${title}.\n\nChoose a new password here (the link works for an hour):\n${url}account/reset?token=${token}\n\nIf it was not you, you can ignore this mail: your password stays as it is.\n`,
      })
    }
  }

  return {
    async signUp(siteId: string, address: string, input: { email: string; password: string; name?: string | undefined; newsletter?: boolean | undefined }): Promise<void> {
      const problem = await passwordProblem(input.password, [input.email, input.name])
      if (problem) throw new AppError('invalid_data', 'validation_failed', 'Choose a stronger password.', { fields: { password: problem } })
      const wait = await hitWindows(orm, [{ key: `member-signup:${siteId}|${address}`, max: SIGNUPS_PER_ADDRESS }], SIGNUP_WINDOW_MS)
      if (wait > 0) throw tooManyAttempts(wait, 'Too many sign-ups from here. Please try again later.')
      const passwordHash = await hashPassword(input.password) // hashed either way: a taken email answers as slowly
      const created = await insertUser(orm, siteId, { email: input.email, name: input.name ?? '', passwordHash })
      if (created) {
        if (input.newsletter) await updateUser(orm, siteId, created.id, { newsletter: true })
        await linkMail(siteId, created, 'verify')
        await deps.onMemberCreated?.(siteId, { id: created.id, email: created.email, name: created.name }).catch(() => undefined)
        return
      }
      const existing = await findUserByEmail(orm, siteId, input.email)
      if (!existing) return
      if (!existing.emailVerifiedAt) return linkMail(siteId, existing, 'verify')
      const { title, url } = await deps.site(siteId)
      if (deps.compose) {
        const data = { member: { name: existing.name, signInUrl: `${url}account/sign-in`, resetUrl: `${url}account/reset` } }
        return deps.send(await deps.compose(siteId, 'member-account-exists', existing.email, data))
      }
      await deps.send({
        to: existing.email,
        subject: `Your account on ${title}`,
        text: `Someone tried to create an account on ${title} with this email address, which already has one.\n\nIf it was you, sign in at ${url}account/sign-in or choose a new password at ${url}account/reset\n`,
      })
    },

    async verify(siteId: string, token: string): Promise<SiteUserRow> {
      const userId = await consumeLinkToken(orm, siteId, token, 'verify')
      const user = await updateUser(orm, siteId, userId, { emailVerifiedAt: new Date() })
      if (!user) throw new AppError('invalid_data', 'link_invalid', 'This link has expired or was already used. Please ask for a new one.')
      return user
    },

    /** Checks the password under the throttle (counted before checking); unverified accounts get a new link. */
    async signIn(siteId: string, address: string, email: string, password: string): Promise<SiteUserRow> {
      const normalized = normalizeEmail(email)
      const pair = `member:${siteId}:${normalized}|${address}`
      const reservation = await reserveAttempt(orm, { keys: [pair, `member-address:${address}`], shared: { key: `member-account:${siteId}:${normalized}`, source: pair } })
      if (!reservation.ok) throw tooManyAttempts(reservation.retryAfter, TOO_MANY_SIGN_INS)
      const row = await findUserByEmail(orm, siteId, normalized)
      const ok = row ? await verifyPassword(row.passwordHash, password) : (await burnVerification(password), false)
      if (!row || !ok) throw new AppError('unauthorized', 'invalid_credentials', 'The email or password is not correct.')
      await settleSuccess(orm, reservation, [pair])
      if (!row.emailVerifiedAt) {
        await linkMail(siteId, row, 'verify')
        throw new AppError('forbidden', 'email_not_verified', 'Please confirm your email address first: we have sent you a new link.')
      }
      return (await updateUser(orm, siteId, row.id, { lastSignInAt: new Date() })) ?? row
    },

    async requestReset(siteId: string, address: string, email: string): Promise<void> {
      const normalized = normalizeEmail(email)
      const wait = await hitWindows(orm, [{ key: `member-reset:${siteId}:${normalized}`, max: RESETS_PER_EMAIL }, { key: `member-reset-address:${address}`, max: SIGNUPS_PER_ADDRESS }], SIGNUP_WINDOW_MS)
      if (wait > 0) throw tooManyAttempts(wait, 'Too many requests. Please try again later.')
      const user = await findUserByEmail(orm, siteId, normalized)
      if (user) await linkMail(siteId, user, 'reset')
    },

    /** Sets a new password from a reset link; every session of the member ends; the email counts as verified. */
    async reset(siteId: string, token: string, password: string): Promise<SiteUserRow> {
      // judged before the link is used up, so a weak choice can be corrected with the same link
      const problem = await passwordProblem(password, [])
      if (problem) throw new AppError('invalid_data', 'validation_failed', 'Choose a stronger password.', { fields: { password: problem } })
      const userId = await consumeLinkToken(orm, siteId, token, 'reset')
      const current = await getUser(orm, siteId, userId)
      const passwordHash = await hashPassword(password)
      const user = await updateUser(orm, siteId, userId, { passwordHash, emailVerifiedAt: current?.emailVerifiedAt ?? new Date() })
      if (!user) throw new AppError('invalid_data', 'link_invalid', 'This link has expired or was already used. Please ask for a new one.')
      await deleteSessionsOf(orm, siteId, userId)
      return user
    },

    async checkPassword(user: SiteUserRow, password: string): Promise<void> {
      if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('invalid_data', 'validation_failed', 'The password is not correct.', { fields: { password: 'The password is not correct.' } })
    },
  }
}

export type Flows = ReturnType<typeof createFlows>
