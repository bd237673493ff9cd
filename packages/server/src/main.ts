// Entry point: `node packages/server/dist/main.js`. Config from the environment (see platform/config.ts).
import { buildApp, DEMO_MEMBER, DEMO_OWNER } from './app/index.js'
import { loadConfig } from './platform/config.js'
import { DataDirLockedError } from './platform/db/index.js'

const startedAt = performance.now()

async function main(): Promise<void> {
  const config = loadConfig(process.env)
  const app = await buildApp(config)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    app.fastify.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting.')
      process.exit(1)
    }, 10_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error('Error during shutdown:', e)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))

  await app.fastify.listen({ host: config.host, port: config.port })
  const address = app.fastify.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const database = app.db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'
  const lines = [
    '',
    `  Sitewright is running (${database}, ready in ${Math.round(performance.now() - startedAt)} ms)`,
    `  Demo site:  http://${config.rootDomain}:${port}/`,
    `  Editor:     http://${config.rootDomain}:${port}/config`,
    `  Demo login: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}${app.demo === 'created' ? '  (demo site created now)' : ''}`,
    ...(app.demo === 'skipped' ? [] : [`  Demo member: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}  (site account: http://${config.rootDomain}:${port}/account)`]),
    `  API docs:   http://${config.rootDomain}:${port}/api/docs`,
    '',
  ]
  console.log(lines.join('\n'))
}

main().catch((e: unknown) => {
  if (e instanceof DataDirLockedError) console.error(`\n  ${e.message}\n`)
  else console.error(e instanceof Error && e.message.startsWith('Invalid configuration') ? e.message : e)
  process.exit(1)
})
