// `sitewright export SITE` and `sitewright import FILE`: the same archives as the editor's Settings -> Export / Import.
import { createReadStream, createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import type { App } from '../app/index.js'
import { sqlRows } from '../platform/db/index.js'
import { CliError, formatSize, withApp } from './io.js'

const ID = /^[0-9a-f]{24}$/

export async function exportCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: 'string', short: 'o' }, 'no-customer-data': { type: 'boolean' } } })
  const [site] = positionals
  if (!site || positionals.length > 1) throw new CliError('Usage: sitewright export SITE [--out FILE] [--no-customer-data]  (SITE: the site address, e.g. demo, or its id)', 2)
  if (!values.out && process.stdout.isTTY) throw new CliError(`Not writing an archive to the terminal: redirect it (sitewright export ${site} > ${site}.swz) or give --out FILE.`, 2)
  return withApp(async (app) => {
    const ref = ID.test(site) ? await app.sites.get(site) : await app.sites.resolver.bySlug(site)
    if (!ref) throw new CliError(`No site has the address or id "${site}".`)
    const prepared = await app.transfer.api.prepareExport(ref.id, { customerData: !values['no-customer-data'] })
    const partial = values.out ? `${values.out}.partial` : null
    try {
      // to a file: written under a temporary name, renamed once complete (never a half archive under the real name)
      await pipeline(Readable.from(prepared.bytes()), partial ? createWriteStream(partial) : process.stdout)
      if (partial && values.out) await rename(partial, values.out)
    } catch (e) {
      if (partial) await rm(partial, { force: true })
      throw e
    } finally {
      await prepared.dispose()
    }
    const m = prepared.manifest
    const rows = m.tables.reduce((n, t) => n + t.rows, 0)
    process.stderr.write(
      `Exported ${ref.slug}: ${rows} rows in ${m.tables.filter((t) => t.rows).length} tables, ${m.files.count} files (${formatSize(m.files.bytes)})` +
        `${m.customerData ? ', with customer data' : ', without customer data'}; archive ${formatSize(prepared.size)}${values.out ? ` in ${values.out}` : ''}.\n`,
    )
    return 0
  })
}

export async function importCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { slug: { type: 'string' }, title: { type: 'string' }, owner: { type: 'string' } } })
  const [file] = positionals
  if (!file || positionals.length > 1) throw new CliError('Usage: sitewright import FILE [--slug NEW] [--title TITLE] [--owner EMAIL]  (FILE: a .swz archive, or - for standard input)', 2)
  const source = file === '-' ? process.stdin : createReadStream(file)
  const opened = new Promise<void>((resolve, reject) => {
    if (file === '-') return resolve()
    source.once('open', () => resolve()).once('error', (e: NodeJS.ErrnoException) => reject(new CliError(e.code === 'ENOENT' ? `No such file: ${file}` : e.message)))
  })
  await opened
  return withApp(async (app) => {
    const ownerId = await chooseOwner(app, values.owner)
    const result = await app.transfer.api.importSite(source as AsyncIterable<Buffer>, { ownerId, slug: values.slug, title: values.title })
    await app.files.whenIdle() // images whose width variants were still to make
    const t = result.counts.tables
    const pages = t.content_collections ?? 0
    const items = t.content_items ?? 0
    const products = t.commerce_products ?? 0
    const orders = t.commerce_orders ?? 0
    console.log(
      `Imported "${result.site.title}" as ${result.site.url} (site id ${result.site.id}): ${pages} pages and collections, ${items} items, ${products} products, ` +
        `${orders} orders, ${result.counts.files} files (${formatSize(result.counts.fileBytes)})${result.customerData ? '' : '; the archive had no customer data'}.`,
    )
    for (const w of result.warnings) console.log(`Note: ${w}`)
    return 0
  })
}

/** --owner EMAIL, else the instance's only owner account. */
export async function chooseOwner(app: App, email: string | undefined): Promise<string> {
  if (email) {
    const owner = await app.accounts.findOwnerByEmail(email)
    if (!owner) throw new CliError(`No owner account has the address ${email} (create one: sitewright create-owner ${email}).`)
    return owner.id
  }
  const owners = await sqlRows<{ id: string }>(app.db.orm, sql`SELECT id FROM owners WHERE email NOT LIKE '%@claim.invalid' ORDER BY created_at LIMIT 2`)
  if (owners.length === 1) return owners[0]!.id
  throw new CliError(owners.length ? 'This instance has several owner accounts: say whose the new site is with --owner EMAIL.' : 'This instance has no owner account yet: create one first (sitewright create-owner EMAIL).', 2)
}
