// Autosave with optimistic concurrency. Every save carries the version the edits were based on; the server
// refuses a save based on an older version (another tab saved first) and the owner then chooses to reload the
// other tab's work or to overwrite it. Nothing is overwritten silently. Framework-free; timers injectable.

export type SaveOutcome<V> =
  | { kind: 'saved'; version: V }
  | { kind: 'conflict'; serverVersion?: V | undefined }
  | { kind: 'error'; message: string }

export type LoadOutcome<D, V> = { kind: 'loaded'; doc: D; version: V } | { kind: 'error'; message: string }

export type AutosaveStatus = 'saved' | 'pending' | 'saving' | 'conflict' | 'error'

export interface AutosaveState<V> {
  status: AutosaveStatus
  version: V
  error: string | null
  /** When the last save succeeded (epoch ms). */
  savedAt: number | null
}

export interface AutosaveOptions<D, V> {
  version: V
  save(doc: D, baseVersion: V): Promise<SaveOutcome<V>>
  load(): Promise<LoadOutcome<D, V>>
  /** Called with the server's document after 'reload'. */
  onReload(doc: D): void
  delayMs?: number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
  now?: () => number
}

export interface Autosave<D, V> {
  get(): AutosaveState<V>
  subscribe(listener: () => void): () => void
  /** The document changed: save it after the debounce delay. */
  change(doc: D): void
  /** Saves now (if anything is unsaved); resolves when done. */
  flush(): Promise<void>
  resolveConflict(choice: 'reload' | 'overwrite'): Promise<void>
  /** This tab changed the document's version by another write (e.g. page settings): later saves build on it. */
  rebase(version: V): void
  dispose(): void
}

export const AUTOSAVE_DELAY_MS = 1500

export function createAutosave<D, V>(o: AutosaveOptions<D, V>): Autosave<D, V> {
  const delay = o.delayMs ?? AUTOSAVE_DELAY_MS
  const setTimer = o.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = o.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>))
  const now = o.now ?? Date.now
  let state: AutosaveState<V> = { status: 'saved', version: o.version, error: null, savedAt: null }
  let latest: D | undefined
  let dirty = false
  let timer: unknown = null
  let running: Promise<void> | null = null
  let disposed = false
  const listeners = new Set<() => void>()

  function set(patch: Partial<AutosaveState<V>>) {
    state = { ...state, ...patch }
    for (const l of listeners) l()
  }

  function cancelTimer() {
    if (timer !== null) clearTimer(timer)
    timer = null
  }

  function schedule() {
    cancelTimer()
    if (disposed) return
    timer = setTimer(() => {
      timer = null
      void saveNow()
    }, delay)
  }

  async function saveNow(): Promise<void> {
    if (running) return running
    if (!dirty || latest === undefined || state.status === 'conflict') return
    running = (async () => {
      const doc = latest as D
      dirty = false
      set({ status: 'saving', error: null })
      const outcome = await o.save(doc, state.version)
      if (disposed) return
      if (outcome.kind === 'saved') {
        set({ version: outcome.version, savedAt: now(), status: dirty ? 'pending' : 'saved' })
        if (dirty) schedule()
      } else if (outcome.kind === 'conflict') {
        dirty = true
        conflictVersion = outcome.serverVersion
        set({ status: 'conflict' })
      } else {
        dirty = true
        set({ status: 'error', error: outcome.message })
      }
    })().finally(() => {
      running = null
    })
    return running
  }

  let conflictVersion: V | undefined

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    change(doc) {
      latest = doc
      dirty = true
      if (state.status === 'conflict') return
      if (state.status !== 'saving') set({ status: 'pending' })
      schedule()
    },
    async flush() {
      cancelTimer()
      if (running) await running
      await saveNow()
    },
    async resolveConflict(choice) {
      if (state.status !== 'conflict') return
      if (choice === 'reload') {
        const loaded = await o.load()
        if (loaded.kind === 'error') return set({ error: loaded.message })
        dirty = false
        latest = loaded.doc
        set({ status: 'saved', version: loaded.version, error: null })
        o.onReload(loaded.doc)
        return
      }
      let base = conflictVersion
      if (base === undefined) {
        const loaded = await o.load()
        if (loaded.kind === 'error') return set({ error: loaded.message })
        base = loaded.version
      }
      // Based on the server's current version, this save replaces the other tab's work, as chosen.
      set({ status: 'pending', version: base, error: null })
      dirty = true
      await saveNow()
    },
    rebase(version) {
      if (state.status !== 'conflict') set({ version })
    },
    dispose() {
      disposed = true
      cancelTimer()
      listeners.clear()
    },
  }
}
