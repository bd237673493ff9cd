// Entry point: `node packages/server/dist/main.js`. Config from the environment (see platform/config.ts).
// WORKERS=N (PostgreSQL only) runs N server processes on the one port with node:cluster: each is a full app node
// (the same as several machines behind a load balancer: state in PostgreSQL and Redis, caches dropped by broadcast),
// so one machine's cores all serve. The primary process only starts, restarts and stops them; the workers accept
// connections from the one listening socket.
import cluster from 'node:cluster'
import { loadConfig, type Config } from './platform/config.js'
import { DataDirLockedError, openDatabase } from './platform/db/index.js'
import { startIdleCollector } from './platform/idle-gc.js'

const startedAt = performance.now()
/** STARTUP_TRACE=1: the time since the process started at each step (build-app.ts prints its phases the same way). */
const trace = (step: string) => process.env.STARTUP_TRACE === '1' && process.stderr.write(`startup: ${step} at ${Math.round(performance.now())} ms\n`)

function fail(e: unknown): never {
  if (e instanceof DataDirLockedError) console.error(`\n  ${e.message}\n`)
  else console.error(e instanceof Error && e.message.startsWith('Invalid configuration') ? e.message : e)
  process.exit(1)
}

async function main(config: Config): Promise<void> {
  // the database opens (PGlite: its thread starts and loads the data dir) while this thread loads the app's modules
  const [db, { buildApp, DEMO_MEMBER, DEMO_OWNER }] = await Promise.all([
    openDatabase(config).finally(() => trace('database open')),
    import('./app/index.js').finally(() => trace('modules loaded')),
  ])
  const app = await buildApp(config, { db })
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
  trace('listening')
  startIdleCollector(app.fastify.server) // with --expose-gc (npm start): the heap shrinks once a burst is over
  // one banner for the whole server: the first worker's
  if (cluster.isWorker && cluster.worker?.id !== 1) return
  const address = app.fastify.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const database = app.db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'
  const processes = config.workers > 1 ? `, ${config.workers} worker processes` : ''
  const lines = [
    '',
    `  Sitewright is running (${database}${processes}, ready in ${Math.round(performance.now() - startedAt)} ms)`,
    `  Demo site:  http://${config.rootDomain}:${port}/`,
    `  Editor:     http://${config.rootDomain}:${port}/config`,
    `  Demo login: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}${app.demo === 'created' ? '  (demo site created now)' : ''}`,
    ...(app.demo === 'skipped' ? [] : [`  Demo member: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}  (site account: http://${config.rootDomain}:${port}/account)`]),
    `  API docs:   http://${config.rootDomain}:${port}/api/docs`,
    '',
  ]
  console.log(lines.join('\n'))
}

/** The primary of WORKERS > 1: forks the workers, replaces one that dies, stops them all on SIGINT/SIGTERM. */
function supervise(config: Config): void {
  // the workers take connections from the shared socket themselves: the primary is never in the way, and a
  // connection is never handed to a worker that has just died (round robin through the primary can lose it)
  cluster.schedulingPolicy = cluster.SCHED_NONE
  // npm start's small young generation (--max-semi-space-size) keeps the one embedded-database process small; the
  // workers of a PostgreSQL deployment are for throughput (V8's default: ~15 % more hits/s here, fewer collections)
  cluster.setupPrimary({ execArgv: process.execArgv.filter((a) => !a.startsWith('--max-semi-space-size')) })
  let stopping = false
  const listened = new Set<number>()
  const fork = () => {
    const w = cluster.fork()
    w.once('listening', () => listened.add(w.id))
  }
  cluster.on('exit', (w, code, signal) => {
    const left = Object.keys(cluster.workers ?? {}).length
    if (stopping) {
      if (left === 0) process.exit(0)
      return
    }
    // a worker that never served (bad configuration, database unreachable): the others would fail alike
    if (!listened.has(w.id)) {
      console.error(`Worker ${w.process.pid} stopped before serving (${signal ?? `exit code ${code}`}); stopping.`)
      stopping = true
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM')
      if (left === 0) process.exit(code || 1)
      setTimeout(() => process.exit(code || 1), 12_000).unref()
      return
    }
    console.error(`Worker ${w.process.pid} died (${signal ?? `exit code ${code}`}); starting another.`)
    fork()
  })
  const stop = () => {
    if (stopping) return
    stopping = true
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM')
    setTimeout(() => process.exit(1), 15_000).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  for (let i = 0; i < config.workers; i++) fork()
}

let config: Config
try {
  config = loadConfig(process.env)
} catch (e) {
  fail(e)
}
if (cluster.isPrimary && config.workers > 1) supervise(config)
else main(config).catch(fail)
