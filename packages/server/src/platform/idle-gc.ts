// Gives memory back after a burst. V8 grows its heap while requests come fast and keeps the garbage until its memory
// reducer runs, about 20 s after the allocation rate drops (measured here: 290 MiB idle, 360-490 MiB for the 20 s
// after 3,000 fuzzed requests). When the server has had no request for a whole tick and the heap holds well more than
// it did when last collected, this collects at once: the pause falls where nobody waits for an answer.
// Runs only when the process was started with --expose-gc (`npm start` is); otherwise V8's own timing stands.
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { every } from './every.js'

export interface IdleCollectorOptions {
  /** How often the server is looked at (ms). */
  tickMs?: number
  /** Heap growth since the last collection that is worth a collection (bytes). */
  slackBytes?: number
  /** The collector: `globalThis.gc` when exposed. */
  gc?: (() => void) | undefined
  /** The heap's size now (bytes). */
  heapSize?: () => number
}

export interface IdleCollector {
  /** Collections made so far. */
  readonly collections: number
  stop(): void
}

/**
 * `globalThis.gc` when exposed, as a compacting collection: a plain full collection frees the garbage but keeps the
 * pages it was on (the heap stays as large); compaction moves what lives onto fewer pages and hands the rest back, as
 * the memory reducer does. The flag is on only for this one collection (compacting every collection under load costs).
 */
function exposedGc(): (() => void) | undefined {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) return undefined
  return () => {
    setFlagsFromString('--compact-on-every-full-gc')
    try {
      gc()
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc')
    }
  }
}

/** What is watched: an HTTP server's 'request' event. */
export interface RequestSource {
  on(event: 'request', listener: () => void): unknown
  off(event: 'request', listener: () => void): unknown
}

/** Watches `server`'s requests; collects when a tick saw none and the heap grew by `slackBytes` since the last one. */
export function startIdleCollector(server: RequestSource, opts: IdleCollectorOptions = {}): IdleCollector | null {
  const gc = opts.gc ?? exposedGc()
  if (!gc) return null
  const heapSize = opts.heapSize ?? (() => getHeapStatistics().total_heap_size)
  const slack = opts.slackBytes ?? 32 * 1024 * 1024
  let requests = 0
  let seen = 0
  let collections = 0
  // the heap after the last collection; none yet, so the first quiet tick collects (a first start's seeding leaves
  // tens of MB of garbage behind)
  let floor = 0
  const onRequest = () => void requests++
  server.on('request', onRequest)
  // an exact period: the heap is this process's own
  const timer = every({ name: 'idle collection', ms: opts.tickMs ?? 2000, jitter: 0 }, () => {
    const busy = requests !== seen
    seen = requests
    if (busy) return
    const size = heapSize()
    if (size < floor) floor = size
    if (size - floor < slack) return
    gc()
    collections++
    floor = heapSize()
  })
  return {
    get collections() {
      return collections
    },
    stop() {
      void timer.stop()
      server.off('request', onRequest)
    },
  }
}
