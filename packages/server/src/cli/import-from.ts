// `sitewright import-from KIND FILE --slug NEW | --site SLUG`: a site from another platform's export (WordPress or
// Squarespace WXR, Ghost JSON, Shopify or WooCommerce product CSV), into a new site or added to an existing one; the
// same import as the editor's Settings -> Import.
import { createReadStream } from 'node:fs'
import { access } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { IMPORT_KINDS, type ImportKind } from '@sitewright/contracts'
import { CliError, withApp } from './io.js'
import { chooseOwner } from './transfer.js'

const USAGE = `Usage: sitewright import-from KIND FILE (--slug NEW [--title TITLE] [--owner EMAIL] | --site SLUG)  (KIND: ${IMPORT_KINDS.join(', ')})`

export async function importFromCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { slug: { type: 'string' }, site: { type: 'string' }, title: { type: 'string' }, owner: { type: 'string' } } })
  const [kind, file] = positionals
  if (!kind || !file || positionals.length > 2 || Boolean(values.slug) === Boolean(values.site)) throw new CliError(USAGE, 2)
  if (!(IMPORT_KINDS as readonly string[]).includes(kind)) throw new CliError(`Unknown kind "${kind}". ${USAGE}`, 2)
  try {
    await access(file)
  } catch {
    throw new CliError(`No such file: ${file}`)
  }
  const open = () => createReadStream(file)
  return withApp(async (app) => {
    // the file is read whole first: a bad one makes no site and imports nothing
    const checked = await app.imports.check(kind as ImportKind, open)
    let site: { id: string; slug: string }
    if (values.site) {
      const found = await app.sites.resolver.bySlug(values.site)
      if (!found) throw new CliError(`No site has the address "${values.site}".`)
      site = { id: found.id, slug: found.slug }
    } else {
      const ownerId = await chooseOwner(app, values.owner)
      const made = await app.db.orm.transaction((tx) => app.sites.createForOwner(tx, ownerId, { title: ((values.title ?? checked.title) || values.slug!).slice(0, 100), slug: values.slug }))
      site = { id: made.id, slug: made.slug }
    }
    let shown = -1
    const report = await app.imports.importFile(site.id, kind as ImportKind, file, (done, total) => {
      const pct = total ? Math.floor((done / total) * 100) : 100
      if (pct >= shown + 10 || done === total) {
        shown = pct
        process.stderr.write(`  ${done}/${total} (${pct}%)\n`)
      }
    })
    await app.files.whenIdle()
    const c = report.counts
    // what this kind of file brings: posts and pages (WXR, Ghost), products (CSVs), members (Ghost)
    const figures = kind === 'shopify-csv' || kind === 'woo-csv' ? [`${c.products ?? 0} products`, `${c.variants ?? 0} variants`] : [`${c.posts ?? 0} posts`, `${c.pages ?? 0} pages`, kind === 'ghost' ? `${c.members ?? 0} members` : `${c.comments ?? 0} comments`]
    console.log(`Imported "${checked.title || file}" into ${app.sites.urlOf(site.slug)} (site id ${site.id}): ${figures.join(', ')}, ${c.images ?? 0} images, ${c.redirects ?? 0} redirects from the old addresses.`)
    if (report.missingImages.length) console.log(`${c['images missing']} images could not be fetched (the content is imported without them), e.g. ${report.missingImages[0]!.url}: ${report.missingImages[0]!.reason}`)
    for (const k of report.keptAsHtml) console.log(`Kept as HTML: ${k.name} (${k.pages.slice(0, 3).join(', ')}${k.pages.length > 3 ? ', ...' : ''})`)
    for (const s of report.skipped) console.log(`Not imported: ${s.items.length} ${s.what}`)
    for (const n of report.notes) console.log(`Note: ${n.items.length} ${n.what}`)
    return 0
  })
}
