import type { MailMessage } from '../domains/mail/index.js'

/** The mail of a new account: where the site lives, where to edit it, and the link confirming the address. */
export function welcomeMail(owner: { email: string; name: string }, site: { title: string; url: string }, verifyUrl: string): MailMessage {
  const hello = owner.name ? `Hello ${owner.name},` : 'Hello,'
  return {
    to: owner.email,
    subject: `Welcome to Sitewright: ${site.title} is live`,
    text: `${hello}\n\nYour site "${site.title}" is live at ${site.url}\nEdit it at ${new URL('/config', site.url).href}\n\nPlease confirm your email address: ${verifyUrl}\n\nSitewright\n`,
  }
}

/** The mail to an address that already had an account when someone signed up with it again. */
export function claimMail(to: string, site: { title: string }, claimUrl: string): MailMessage {
  return {
    to,
    subject: 'Someone signed up to Sitewright with your email address',
    text:
      `Hello,\n\nSomeone signed up to Sitewright with ${to}, which already has an account, and started a site called "${site.title}".\n\n` +
      `If that was you, add the site to your account: ${claimUrl}\n\nIf it was not you, ignore this mail: your account is unchanged, ` +
      `no one can sign in to it without your password, and the link lapses in 7 days.\n\nSitewright\n`,
  }
}
