// PGlite on its own thread (pglite-thread.ts), seen from the server's thread through the part of PGlite's interface
// that Drizzle and the migration runner use: query, exec, transaction, close. Statements are sent as messages; rows,
// results and errors come back as structured clones (a database error keeps its SQLSTATE code, constraint, detail).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { QueryOptions as PgliteQueryOptions, Results } from '@electric-sql/pglite'
import type { ErrorFields, QueryOptions, Reopen, Reply, Request, ThreadInit } from './pglite-thread-protocol.js'

type Call = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never

export interface PgliteTx {
  query<T>(sql: string, params?: unknown[], options?: PgliteQueryOptions): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
  rollback(): Promise<void>
  readonly closed: boolean
}

/** The calls Drizzle and the migration runner make on a PGlite client. */
export interface PgliteLike {
  query<T>(sql: string, params?: unknown[], options?: PgliteQueryOptions): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
  transaction<T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T>
  close(): Promise<void>
  readonly closed: boolean
  /** A tarball of the database as it is now (the thread's client only; see Db.snapshot). */
  snapshot?(): Promise<Uint8Array>
  /** The thread's id (the thread's client only): a database in memory may open on the thread of a closed one. */
  readonly threadId?: number
}

const PROBE = '\u0000keep?'

/** Parsers cannot cross threads: only those that keep the text as it is (Drizzle's date and interval parsers) may. */
function crossable(options: PgliteQueryOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined
  const out: QueryOptions = {}
  for (const key of Object.keys(options)) {
    if (key === 'rowMode') out.rowMode = options.rowMode
    else if (key === 'paramTypes') out.paramTypes = options.paramTypes
    else if (key === 'parsers') {
      const raw: number[] = []
      for (const [oid, parse] of Object.entries(options.parsers ?? {})) {
        if ((parse as (value: string, typeId: number) => unknown)(PROBE, Number(oid)) !== PROBE) throw new Error(`PGlite runs on its own thread: the parser for type ${oid} cannot be sent there (only parsers that keep the text are supported).`)
        raw.push(Number(oid))
      }
      out.rawTypes = raw
    } else if ((options as Record<string, unknown>)[key] !== undefined) throw new Error(`PGlite runs on its own thread: the query option "${key}" is not supported.`)
  }
  return out
}

function errorOf(f: ErrorFields): Error {
  const e = new Error(f.message)
  Object.assign(e, f)
  if (f.stack) e.stack = `${f.name}: ${f.message}\n    (in the PGlite thread)\n${f.stack.split('\n').slice(1).join('\n')}`
  return e
}

/**
 * The thread's module: the built .js beside this one; from the .ts source (dev, tests, benches) the source module,
 * loaded through tsx's API by a small bootstrap (a worker does not take the parent's TypeScript loader).
 */
function threadEntry(): { entry: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./pglite-thread.js', import.meta.url), eval: false }
  // tsx's ESM API, found through its package's exports (require.resolve would give its CommonJS build)
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json')
  const exported = (JSON.parse(readFileSync(pkg, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!
  const api = new URL(exported.import.default, pathToFileURL(pkg)).href
  const source = new URL('./pglite-thread.ts', import.meta.url).href
  return { entry: `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`, eval: true }
}

/**
 * Threads whose database in memory was closed, kept (at most KEEP_IDLE, unref'd) to open the next one in memory:
 * tests and benches open many, and a new thread costs about 1 s of CPU before PGlite starts (its own V8 isolate
 * loading PGlite's modules, and tsx from the .ts source). A data dir's thread is never kept: it ends with its server.
 */
const idle: { worker: Worker; gone: () => void }[] = []
const KEEP_IDLE = 2

/** Starts PGlite on its own thread; resolves once the database is open (or rejects with why it could not open). */
export async function startPgliteThread(init: ThreadInit): Promise<PgliteLike> {
  const inMemory = init.dir === null
  const reused = inMemory ? idle.pop() : undefined
  let worker: Worker
  if (reused) {
    worker = reused.worker
    worker.off('exit', reused.gone).off('error', reused.gone)
    worker.ref()
    worker.postMessage({ op: 'open', init } satisfies Reopen)
  } else {
    const thread = threadEntry()
    worker = new Worker(thread.entry, { workerData: init, eval: thread.eval })
  }
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  let nextId = 1
  let closed = false
  let dead: Error | null = null

  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`The PGlite thread stopped while opening the database (exit code ${code}).`))
    worker.once('error', reject)
    worker.once('exit', onExit)
    worker.once('message', (m: Reply) => {
      worker.off('error', reject)
      worker.off('exit', onExit)
      if ('ready' in m && m.ready) resolve()
      else if ('ready' in m) reject(errorOf(m.error))
    })
  }).catch(async (e: unknown) => {
    // PGlite may still throw on its thread after it answered (a damaged snapshot's gzip stream): not this thread's
    worker.on('error', () => undefined)
    await worker.terminate()
    throw e
  })

  const fail = (e: Error) => {
    if (!dead) dead = e
    for (const w of waiting.values()) w.reject(e)
    waiting.clear()
  }
  const onMessage = (m: Reply) => {
    if (!('id' in m)) return
    const w = waiting.get(m.id)
    if (!w) return
    waiting.delete(m.id)
    if (waiting.size === 0) worker.unref()
    if (m.ok) w.resolve(m.value)
    else w.reject(errorOf(m.error))
  }
  const onError = (e: Error) => fail(new Error(`The PGlite thread failed: ${e.message}`, { cause: e }))
  const onExit = (code: number) => fail(new Error(`The PGlite thread stopped (exit code ${code}).`))
  worker.on('message', onMessage).on('error', onError).on('exit', onExit)
  // like PGlite on this thread, an idle database does not keep the process alive; a statement under way does
  worker.unref()

  function call<T>(req: Call): Promise<T> {
    if (dead) return Promise.reject(dead)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      if (waiting.size === 0) worker.ref()
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject })
      worker.postMessage({ ...req, id } as Request)
    })
  }

  const query = <T>(tx: number | undefined, sql: string, params?: unknown[], options?: PgliteQueryOptions) => {
    let crossing: QueryOptions | undefined
    try {
      crossing = crossable(options)
    } catch (e) {
      return Promise.reject(e as Error)
    }
    return call<Results<T>>({ op: 'query', sql, ...(params ? { params } : {}), ...(crossing ? { options: crossing } : {}), ...(tx !== undefined ? { tx } : {}) })
  }

  return {
    query: (sql, params, options) => query(undefined, sql, params, options),
    exec: (sql) => call({ op: 'exec', sql }),
    snapshot: () => call<Uint8Array>({ op: 'snapshot' }),
    async transaction<T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T> {
      const txId = await call<number>({ op: 'begin' })
      let ended = false
      const tx: PgliteTx = {
        query: (sql, params, options) => query(txId, sql, params, options),
        exec: (sql) => call({ op: 'exec', sql, tx: txId }),
        async rollback() {
          ended = true
          await call({ op: 'end', tx: txId, commit: false })
        },
        get closed() {
          return ended
        },
      }
      let value: T
      try {
        value = await fn(tx)
      } catch (e) {
        if (!ended) {
          ended = true
          await call({ op: 'end', tx: txId, commit: false }).catch(() => {})
        }
        throw e
      }
      if (!ended) {
        ended = true
        await call({ op: 'end', tx: txId, commit: true })
      }
      return value
    },
    async close() {
      if (closed) return
      closed = true
      if (!dead) await call({ op: 'close' })
      const reusable = !dead && inMemory && idle.length < KEEP_IDLE
      dead = new Error('The database is closed.')
      if (!reusable) return void (await worker.terminate())
      worker.off('message', onMessage).off('error', onError).off('exit', onExit)
      const kept = {
        worker,
        // a kept thread that fails or stops is no longer kept
        gone: () => {
          const i = idle.indexOf(kept)
          if (i >= 0) idle.splice(i, 1)
        },
      }
      worker.on('exit', kept.gone).on('error', kept.gone)
      worker.unref()
      idle.push(kept)
    },
    get closed() {
      return closed
    },
    threadId: worker.threadId,
  }
}
