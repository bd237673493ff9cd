// The messages between the server's thread and the thread that runs PGlite (pglite-thread.ts). Types only.

/** What the PGlite thread is started with (workerData). */
export interface ThreadInit {
  /** The data directory (`<dataDir>/pglite`), or null for a database in memory. */
  dir: string | null
  /** postgresql.conf lines. */
  conf: string[]
  /** A data-dir tarball to start from (an in-memory snapshot). */
  loadDataDir?: Uint8Array
  /**
   * The migrated base for a data dir `dir` that has no database yet: unpacked by untar.ts into a `dir` not there
   * yet (on the PGlite thread, while the server's thread loads the app), else loaded by PGlite's own loadDataDir.
   */
  basePath?: string
}

/** The query options that cross: the row mode, and the type OIDs whose text is kept as it is (no parsing). */
export interface QueryOptions {
  rowMode?: 'object' | 'array'
  rawTypes?: number[]
  paramTypes?: number[]
}

export type Request =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; options?: QueryOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** Opens a transaction; answered with its number once it holds the database. */
  | { id: number; op: 'begin' }
  /** Ends a transaction (COMMIT, or ROLLBACK); answered once it has ended. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' }
  /** A tarball of the database as it is now (after a CHECKPOINT): another database in memory can start from it. */
  | { id: number; op: 'snapshot' }

/**
 * Opens another database on a thread whose last one was closed (only databases in memory: see pglite-client.ts);
 * answered, as the first one is, with a `ready` reply.
 */
export interface Reopen {
  op: 'open'
  init: ThreadInit
}

/** A database error as plain fields (SQLSTATE `code`, `constraint`, `detail`, ...), rebuilt as an Error. */
export interface ErrorFields {
  name: string
  message: string
  stack?: string
  [field: string]: unknown
}

export type Reply =
  | { ready: true }
  | { ready: false; error: ErrorFields }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorFields }
