// The thread that runs PGlite. PGlite executes every statement synchronously inside WebAssembly, so on the server's
// own thread each statement stalls every request meanwhile (a tracking batch, a dashboard query, an uncached page).
// Here it runs beside the server's thread: the server sends statements (pglite-client.ts) and goes on answering.
// PGlite itself still runs one statement at a time, and a transaction holds it until its COMMIT or ROLLBACK.
import { EventEmitter } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { ErrorFields, QueryOptions, Reply, Reopen, Request, ThreadInit } from './pglite-thread-protocol.js'
import { startIdleCollector } from '../idle-gc.js'
import { UnsupportedTarError, untarInto } from './untar.js'

const port = parentPort!
const init = workerData as ThreadInit
const keep = (value: string) => value

function fieldsOf(e: unknown): ErrorFields {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e) }
  const out: ErrorFields = { name: e.name, message: e.message, stack: e.stack }
  // pg-protocol's DatabaseError fields (code, constraint, detail, table, ...): plain values only
  for (const [k, v] of Object.entries(e)) {
    if (v === undefined || k === 'queryOptions' || k === 'params') continue
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v
  }
  return out
}

function optionsOf(o: QueryOptions | undefined) {
  if (!o) return undefined
  return {
    ...(o.rowMode ? { rowMode: o.rowMode } : {}),
    ...(o.paramTypes ? { paramTypes: o.paramTypes } : {}),
    ...(o.rawTypes ? { parsers: Object.fromEntries(o.rawTypes.map((oid) => [oid, keep])) } : {}),
  }
}

/**
 * Unpacks the base into `dir` when `dir` is not there yet (untar.ts); answers the archive's bytes when PGlite must
 * load it itself (`dir` exists, or untar.ts refused the archive), else nothing: the bytes are then garbage at once.
 */
async function unpackBase(basePath: string, dir: string): Promise<Uint8Array | undefined> {
  const base = readFileSync(basePath)
  if (existsSync(dir)) return base
  try {
    await untarInto(base, dir)
    return undefined
  } catch (e) {
    if (!(e instanceof UnsupportedTarError)) throw e
    return base
  }
}

/** Opens the database `init` names: the server's data dir, or one in memory (empty, or from a snapshot). */
async function openDatabase(init: ThreadInit): Promise<PGlite> {
  const tarball = init.loadDataDir ?? (init.basePath && init.dir ? await unpackBase(init.basePath, init.dir) : undefined)
  const loadDataDir = tarball ? new Blob([tarball as Uint8Array<ArrayBuffer>]) : undefined
  const options = { postgresqlconf: init.conf, ...(loadDataDir ? { loadDataDir } : {}) }
  const client = init.dir ? new PGlite(init.dir, options) : new PGlite(options)
  await client.waitReady
  // the unpacked base's bytes (~30 MB) are garbage now; this thread seldom collects on its own, so collect here
  // (when `npm start`'s --expose-gc gives a collector) rather than keep them resident
  if (init.basePath) (globalThis as { gc?: () => void }).gc?.()
  return client
}

/** The statements of one open database: each request's answer (transactions are held between 'begin' and 'end'). */
function session(client: PGlite): (req: Request) => Promise<unknown> {
  /** Transactions that hold the database, and how each ends. */
  const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>()
  const ends = new Map<number, Promise<void>>()
  let nextTx = 1

  const target = (tx: number | undefined): PGlite | Transaction => {
    if (tx === undefined) return client
    const t = open.get(tx)
    if (!t) throw new Error(`Transaction ${tx} has ended.`)
    return t.tx
  }

  async function run(req: Request): Promise<unknown> {
    switch (req.op) {
      case 'query':
        return target(req.tx).query(req.sql, req.params, optionsOf(req.options))
      case 'exec':
        return target(req.tx).exec(req.sql)
      case 'begin': {
        const tx = nextTx++
        let held: (() => void) | null = null
        const holding = new Promise<void>((r) => (held = r))
        const ended = client.transaction(async (t) => {
          const decision = new Promise<boolean>((end) => open.set(tx, { tx: t, end }))
          held!()
          const commit = await decision
          open.delete(tx)
          if (!commit) await t.rollback()
        })
        ended.catch(() => {}) // answered by 'end' (or by this 'begin' when it could not begin)
        ends.set(tx, ended)
        try {
          await Promise.race([holding, ended])
        } catch (e) {
          ends.delete(tx)
          throw e
        }
        return tx
      }
      case 'end': {
        const ended = ends.get(req.tx)
        if (!ended) throw new Error(`Transaction ${req.tx} has ended.`)
        ends.delete(req.tx)
        open.get(req.tx)?.end(req.commit)
        await ended
        return null
      }
      case 'close':
        if (!client.closed) await client.close()
        return null
      case 'snapshot': {
        await client.exec('CHECKPOINT')
        const blob = await client.dumpDataDir('none')
        return new Uint8Array(await blob.arrayBuffer())
      }
    }
  }

  return run
}

function main(): void {
  let current: ((req: Request) => Promise<unknown>) | null = null
  const closed = () => Promise.reject(new Error('The database is closed.'))
  async function start(database: ThreadInit): Promise<void> {
    current = null
    try {
      current = session(await openDatabase(database))
    } catch (e) {
      port.postMessage({ ready: false, error: fieldsOf(e) } satisfies Reply)
      return
    }
    port.postMessage({ ready: true } satisfies Reply)
  }

  // this thread's heap grows with the rows it turns into messages: compacted once the server is quiet, as the
  // server's own heap is (idle-gc.ts; only under npm start's --expose-gc)
  const statements = new EventEmitter()
  startIdleCollector(statements)
  port.on('message', (req: Request | Reopen) => {
    if (req.op === 'open') return void start(req.init)
    statements.emit('request')
    ;(current ?? closed)(req).then(
      (value) => port.postMessage({ id: req.id, ok: true, value } satisfies Reply),
      (e: unknown) => port.postMessage({ id: req.id, ok: false, error: fieldsOf(e) } satisfies Reply),
    )
  })
  void start(init)
}

main()
