// The one timer helper: runs a piece of background work every `ms` (jittered, so nodes started together do not all
// run it at the same instant), never two runs at once (the next wait starts when a run ends), a failure logged and
// the next run kept, the timer keeping no process alive. `stop()` ends it and waits for a run under way; a domain
// calls `every` in its `start()` and the handle's `stop()` in its `stop()`, so the work ends with the app.
//
// One runner per cluster: none of today's periodic work needs it, each is safe on every node at once (sweeps are
// deletes of what has lapsed; mail, webhook and variant polls claim rows with FOR UPDATE SKIP LOCKED and a lease;
// renewals bill a cycle once under its row lock; daily summaries are mails keyed by site and day). Work that must
// run on one node only takes a PostgreSQL advisory lock inside its run, as migrations and demo seeding do.

export interface EveryOptions {
  /** What the work is, for the log line of a failed run ('commerce sweep failed'). */
  name: string
  /** The mean wait between runs. */
  ms: number
  /** Each wait is `ms` times a factor in [1 - jitter, 1 + jitter] (default 0.1; 0 for an exact period). */
  jitter?: number
  log?: { warn(obj: object, msg: string): void } | undefined
  /** The random source of the jitter (tests). */
  random?: () => number
}

export interface Every {
  /** Runs the work now, unless a run is under way (then waits for that one). */
  run(): Promise<void>
  /** Ends the repetition and waits for a run under way. Idempotent. */
  stop(): Promise<void>
}

/** The wait before the next run: `ms` jittered by up to `jitter` either way. */
export function jittered(ms: number, jitter: number, random: () => number = Math.random): number {
  return Math.max(0, Math.round(ms * (1 + jitter * (2 * random() - 1))))
}

export function every(opts: EveryOptions, work: () => Promise<unknown> | unknown): Every {
  const jitter = opts.jitter ?? 0.1
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let stopped = false

  const run = (): Promise<void> => {
    running ??= (async () => {
      try {
        await work()
      } catch (e) {
        opts.log?.warn({ err: e }, `${opts.name} failed`)
      }
    })().finally(() => (running = null))
    return running
  }
  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      timer = null
      void run().finally(schedule)
    }, jittered(opts.ms, jitter, opts.random))
    timer.unref()
  }
  schedule()
  return {
    run,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await running
    },
  }
}
