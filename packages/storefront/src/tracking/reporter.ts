// Error reporter: uncaught errors and rejections, sent to RecordJavascriptErrors in debounced batches. At most
// 20 sends per page, 10 reports waiting, 1 s debounce, stacks cut at 5000 characters.
export const MAX_SENDS = 20
export const MAX_QUEUED = 10
export const DEBOUNCE_MS = 1000
export const STACK_LIMIT = 5000

export interface ErrorReport {
  event: string
  data: string
  timestamp: number
}

export interface ReporterDeps {
  app: string
  send: (reports: ErrorReport[]) => void
  now?: () => number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (t: unknown) => void
  context?: () => Record<string, unknown>
}

export function createReporter(deps: ReporterDeps) {
  const now = deps.now ?? Date.now
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as number))
  let queue: ErrorReport[] = []
  let sends = 0
  let timer: unknown = null

  function flush() {
    timer = null
    if (queue.length === 0 || sends >= MAX_SENDS) return
    sends++
    const batch = queue
    queue = []
    deps.send(batch)
  }

  return {
    /** `customData`: what the caller adds (the report's custom data field; {} when none). */
    report(error: unknown, extra: { file?: string; line?: number; column?: number } = {}, customData: Record<string, unknown> = {}): boolean {
      if (sends >= MAX_SENDS || queue.length >= MAX_QUEUED) return false
      const e = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Unknown error')
      const data = { app: deps.app, message: e.message.slice(0, 1000), stack: (e.stack ?? '').slice(0, STACK_LIMIT), ...extra, ...deps.context?.(), customData, timestamp: now() }
      queue.push({ event: 'javascript-error', data: JSON.stringify(data), timestamp: now() })
      if (timer !== null) clearTimer(timer)
      timer = setTimer(flush, DEBOUNCE_MS)
      return true
    },
    flush,
    get sends() {
      return sends
    },
    get queued() {
      return queue.length
    },
  }
}

/** Listens to the window's uncaught errors and rejections. */
export function watchErrors(win: Window, reporter: ReturnType<typeof createReporter>): void {
  win.addEventListener('error', (ev) => {
    if (ev.error || ev.message) reporter.report(ev.error ?? ev.message, { file: ev.filename, line: ev.lineno, column: ev.colno })
  })
  win.addEventListener('unhandledrejection', (ev) => reporter.report(ev.reason))
}
