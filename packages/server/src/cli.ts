#!/usr/bin/env node
// The `sitewright` command: start, migrate, export, import, import-from, create-owner, reset-password, domains, cluster; `--help` for each.
// Configuration comes from the environment, as for the server (see README): DATA_DIR's embedded database (one
// process at a time: stop the server first) or DATABASE_URL (PostgreSQL: alongside running nodes).
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { loadConfig } from './platform/config.js'
import { migrate, openPglite, openPostgres } from './platform/db/index.js'

const DB = 'Database: DATA_DIR (embedded, while no server runs on it) or DATABASE_URL (PostgreSQL).'

const HELP: Record<string, string> = {
  start: 'sitewright start\n  Runs the server (PORT, DATA_DIR, DATABASE_URL, REDIS_URL, WORKERS, ... from the environment).',
  migrate: 'sitewright migrate\n  Applies pending migrations to the configured database and prints their names (safe with running nodes).',
  export: [
    'sitewright export SITE [--out FILE] [--no-customer-data]',
    '  Writes the whole site (SITE: its address, e.g. demo, or its id) as a .swz archive to standard output or FILE:',
    '  pages, collections, items, blocks, styles, forms, products, variants and stock, coupons, shipping, taxes,',
    '  comments, reviews, redirects, settings and every file (originals and image sizes).',
    '  Customer data is included by default, since moving a site moves its business: orders (payments, shipments,',
    '  gift cards, subscriptions), members, form submissions, newsletter subscribers and restock sign-ups.',
    '  --no-customer-data leaves it out. Analytics, sessions and queued mail stay with this instance.',
    `  ${DB}`,
    '  Example: sitewright export demo > demo.swz',
  ].join('\n'),
  import: [
    'sitewright import FILE [--slug NEW] [--title TITLE] [--owner EMAIL]',
    '  Creates a new site from a .swz archive (FILE, or - for standard input), on this or another instance and either',
    '  database; every id is renewed, so an archive can be imported next to its original. The site gets the address',
    "  --slug (default: the archive's, when free) and the title --title (default: the archive's); its owner (ADMIN) is",
    "  --owner's account (default: the instance's only owner). All or nothing: a damaged archive leaves no site behind.",
    `  ${DB}`,
    '  Example: sitewright import demo.swz --slug copy',
  ].join('\n'),
  'import-from': [
    'sitewright import-from KIND FILE (--slug NEW [--title TITLE] [--owner EMAIL] | --site SLUG)',
    '  Imports a site exported by another platform: KIND wxr (WordPress 4.x-6.x and Squarespace exports), ghost',
    '  (Ghost JSON: posts, pages, members with their consent to mail), shopify-csv or woo-csv (product CSVs: options,',
    "  variants, prices, stock, images). --slug makes a new site (title: the export's; owner: --owner or the instance's",
    '  only owner), --site adds to an existing one. Posts go into a Blog, pages keep their hierarchy, comments keep',
    '  their approval state, products go into a Shop, images are fetched from their addresses (public ones only; a',
    '  missing one is reported), and every old address (/2019/05/slug/, /?p=123, /products/handle) answers 301 to its',
    '  new one. Importing the same file again updates what it imported before (and finishes an interrupted import).',
    '  A bad file imports nothing and names the line.',
    `  ${DB}`,
    '  Example: sitewright import-from wxr wordpress.xml --slug myblog',
  ].join('\n'),
  'create-owner': [
    'sitewright create-owner EMAIL [--name NAME] [--site SLUG [--title TITLE]]',
    '  Creates an owner account (its address counts as confirmed) and, with --site, a new empty site it is ADMIN of.',
    '  The password is asked on the terminal (not shown) or read from the first line of standard input, with the',
    '  same strength rules as sign-up.',
    `  ${DB}`,
  ].join('\n'),
  'reset-password': [
    'sitewright reset-password EMAIL',
    "  Sets an owner account's password (asked on the terminal, or the first line of standard input; the same",
    '  strength rules as sign-up) and signs the account out of every session. Prints nothing secret.',
    `  ${DB}`,
  ].join('\n'),
  domains: [
    'sitewright domains list SITE | add SITE HOSTNAME | verify SITE HOSTNAME | remove SITE HOSTNAME',
    "  A site's custom domains: add answers the TXT record that proves ownership; verify looks it up now (DNS_RESOLVER)",
    '  and, with HTTPS_PORT set, orders the certificate; remove revokes it.',
    `  ${DB}`,
  ].join('\n'),
  cluster: 'sitewright cluster\n  Starts a local cluster: PostgreSQL database, Redis, app nodes and nginx on one port (npm run cluster).',
}

function usage(): string {
  return ['Usage: sitewright <command> [--help]', '', 'Commands:', ...Object.values(HELP).map((h) => `  ${h.replace(/\n/g, '\n  ')}`)].join('\n')
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(usage())
    return 0
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const text = HELP[command]
    console.log(text ?? usage())
    return text ? 0 : 1
  }
  switch (command) {
    case 'start':
      await import('./main.js')
      return -1 // the server keeps the process alive
    case 'migrate': {
      const config = loadConfig(process.env)
      const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir)
      try {
        const applied = await migrate(db)
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to apply.')
      } finally {
        await db.close()
      }
      return 0
    }
    case 'export':
      return (await import('./cli/transfer.js')).exportCommand(rest)
    case 'import':
      return (await import('./cli/transfer.js')).importCommand(rest)
    case 'import-from':
      return (await import('./cli/import-from.js')).importFromCommand(rest)
    case 'create-owner':
      return (await import('./cli/owners.js')).createOwnerCommand(rest)
    case 'reset-password':
      return (await import('./cli/owners.js')).resetPasswordCommand(rest)
    case 'domains':
      return (await import('./cli/domains.js')).domainsCommand(rest)
    case 'cluster': {
      const script = fileURLToPath(new URL('../../../scripts/cluster.mjs', import.meta.url))
      const child = spawn(process.execPath, [script, ...rest], { stdio: 'inherit' })
      return new Promise((done) => child.on('exit', (code) => done(code ?? 1)))
    }
    default:
      console.error(`Unknown command: ${command}\n\n${usage()}`)
      return 1
  }
}

/** Exits once standard output has taken everything (an archive piped to a file is complete). */
const exit = (code: number) => process.stdout.write('', () => process.exit(code))

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) exit(code)
  },
  (e: unknown) => {
    // CliError (cli/io.ts, not imported here: --help stays fast): a message for people, with its exit code
    const plain = e instanceof Error && (e.constructor.name === 'CliError' || e.name === 'DataDirLockedError' || /^Invalid configuration/.test(e.message))
    console.error(plain ? (e as Error).message : e)
    const code = (e as { code?: unknown }).code
    exit(e instanceof Error && e.constructor.name === 'CliError' && typeof code === 'number' ? code : 1)
  },
)
