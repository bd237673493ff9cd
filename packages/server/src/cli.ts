#!/usr/bin/env node
// The `sitewright` command: start, migrate, cluster (export, import, create-owner and reset-password are not
// written yet and say so). Configuration comes from the environment, as for the server (see README).
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { loadConfig } from './platform/config.js'
import { migrate, openPglite, openPostgres } from './platform/db/index.js'

const HELP: Record<string, string> = {
  start: 'sitewright start\n  Runs the server (PORT, DATA_DIR, DATABASE_URL, REDIS_URL, ... from the environment).',
  migrate: 'sitewright migrate\n  Applies pending migrations to the configured database and prints their names (safe with running nodes).',
  cluster: 'sitewright cluster\n  Starts a local cluster: PostgreSQL database, Redis, app nodes and nginx on one port (npm run cluster).',
}
const PLANNED = ['export', 'import', 'create-owner', 'reset-password']

function usage(): string {
  return ['Usage: sitewright <command> [--help]', '', 'Commands:', ...Object.values(HELP).map((h) => `  ${h.replace(/\n/g, '\n  ')}`), '', `Not available yet: ${PLANNED.join(', ')}.`].join('\n')
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
    case 'cluster': {
      const script = fileURLToPath(new URL('../../../scripts/cluster.mjs', import.meta.url))
      const child = spawn(process.execPath, [script, ...rest], { stdio: 'inherit' })
      return new Promise((done) => child.on('exit', (code) => done(code ?? 1)))
    }
    default:
      console.error(PLANNED.includes(command) ? `sitewright ${command} is not available yet.` : `Unknown command: ${command}\n\n${usage()}`)
      return 1
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code)
  },
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e)
    process.exit(1)
  },
)
