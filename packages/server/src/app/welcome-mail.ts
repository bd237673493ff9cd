import type { MailMessage } from '../domains/mail/index.js'

export function welcomeMail(owner: { email: string; name: string }, site: { title: string; url: string }): MailMessage {
  const hello = owner.name ? `Hello ${owner.name},` : 'Hello,'
  return {
    to: owner.email,
    subject: `Welcome to Sitewright: ${site.title} is live`,
    text: `${hello}\n\nYour site "${site.title}" is live at ${site.url}\nEdit it at ${new URL('/config', site.url).href}\n\nSitewright\n`,
  }
}
