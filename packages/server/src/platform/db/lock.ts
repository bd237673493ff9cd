// An exclusive lock file for a data directory: one process owns a PGlite data dir at a time.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export const LOCK_FILE = 'sitewright.lock'

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError'
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `Data directory ${dir} is in use by another Sitewright process (pid ${pid}). ` +
        `Stop that process or start this one with a different DATA_DIR.`,
    )
  }
}

export interface DirLock {
  readonly path: string
  release(): void
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Process-local registry, so a second lock in the same process (tests) also fails. */
const heldHere = new Set<string>()

/** Takes the lock or throws DataDirLockedError. A lock left by a dead process is replaced. */
export function acquireDirLock(dir: string): DirLock {
  const path = join(dir, LOCK_FILE)
  if (heldHere.has(path)) throw new DataDirLockedError(dir, process.pid)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }))
      closeSync(fd)
      heldHere.add(path)
      let released = false
      return {
        path,
        release() {
          if (released) return
          released = true
          heldHere.delete(path)
          rmSync(path, { force: true })
        },
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      let pid = NaN
      try {
        pid = Number((JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown }).pid)
      } catch {
        // Unreadable or half-written lock: treat as stale only if it stays unreadable (checked by the retry).
      }
      if (pidAlive(pid) && pid !== process.pid) throw new DataDirLockedError(dir, pid)
      if (pid === process.pid) throw new DataDirLockedError(dir, pid)
      rmSync(path, { force: true }) // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock ${path}`)
}
