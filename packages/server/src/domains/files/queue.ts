// A small in-process job queue (variant generation runs after the upload is answered). Jobs run one at a
// time by default; `idle()` resolves when nothing is queued or running; after `close()` new jobs are dropped
// (they are picked up again at the next start from the assets still marked 'processing').

export interface JobQueue {
  push(name: string, job: () => Promise<void>): void
  /** Resolves when no job is queued or running. */
  idle(): Promise<void>
  /** Stops taking jobs, drops the queued ones, and waits for the running ones. */
  close(): Promise<void>
  readonly size: number
}

export function createQueue(opts: { concurrency?: number; onError?: (name: string, e: unknown) => void } = {}): JobQueue {
  const concurrency = Math.max(1, opts.concurrency ?? 1)
  const waiting: { name: string; job: () => Promise<void> }[] = []
  let running = 0
  let closed = false
  let idleWaiters: (() => void)[] = []

  const settle = () => {
    if (running === 0 && waiting.length === 0) {
      const ws = idleWaiters
      idleWaiters = []
      for (const w of ws) w()
    }
  }
  const next = () => {
    while (running < concurrency && waiting.length > 0 && !closed) {
      const { name, job } = waiting.shift()!
      running++
      void job()
        .catch((e: unknown) => opts.onError?.(name, e))
        .finally(() => {
          running--
          next()
          settle()
        })
    }
    settle()
  }

  return {
    push(name, job) {
      if (closed) return
      waiting.push({ name, job })
      queueMicrotask(next)
    },
    idle() {
      if (running === 0 && waiting.length === 0) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
    async close() {
      closed = true
      waiting.length = 0
      await this.idle()
    },
    get size() {
      return waiting.length + running
    },
  }
}
