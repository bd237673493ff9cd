// `sitewright create-owner EMAIL` and `sitewright reset-password EMAIL`: the password is read from the terminal
// (not echoed) or the first line of standard input, never from the command line (other users see arguments).
import { parseArgs } from 'node:util'
import { checkOwnerPassword, createOwnerAccount, resetOwnerPassword } from '../domains/accounts/index.js'
import { CliError, plainErrors, readPassword, withApp } from './io.js'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export async function createOwnerCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { name: { type: 'string' }, site: { type: 'string' }, title: { type: 'string' } } })
  const [email] = positionals
  if (!email || positionals.length > 1) throw new CliError('Usage: sitewright create-owner EMAIL [--name NAME] [--site SLUG [--title TITLE]]', 2)
  if (!EMAIL.test(email) || email.length > 256) throw new CliError(`"${email}" is not an email address.`, 2)
  const password = await readPassword('Password')
  // refused before the database opens: at once, and also while a server holds the embedded database
  await plainErrors(() => checkOwnerPassword(password, [email, values.name]))
  return withApp(async (app) => {
    const { owner, extra: site } = await createOwnerAccount(app.db.orm, { email, password, name: values.name }, async (tx, o) =>
      values.site ? app.sites.createForOwner(tx, o.id, { title: values.title ?? values.site, slug: values.site }) : undefined,
    )
    console.log(`Created the owner account ${owner.email}${site ? ` with the site ${site.url} (ADMIN)` : ''}. Sign in at /config.`)
    return 0
  })
}

export async function resetPasswordCommand(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} })
  const [email] = positionals
  if (!email || positionals.length > 1) throw new CliError('Usage: sitewright reset-password EMAIL', 2)
  const password = await readPassword('New password')
  return withApp(async (app) => {
    const { owner, sessionsEnded } = await resetOwnerPassword(app.db.orm, email, password)
    console.log(`Changed the password of ${owner.email}; ${sessionsEnded} ${sessionsEnded === 1 ? 'session' : 'sessions'} signed out.`)
    return 0
  })
}
