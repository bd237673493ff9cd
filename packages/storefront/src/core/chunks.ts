// Lazy chunk loading with four states: not started, pending, loaded, failed. A chunk fails with
// ChunkLoadError ('Loading chunk N failed') when its import errors or takes longer than 120 s.

export const CHUNK_TIMEOUT_MS = 120_000

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError'
  constructor(
    readonly chunk: string,
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunk} failed`, options)
  }
}

export type ChunkState = 'not-started' | 'pending' | 'loaded' | 'failed'

export interface ChunkLoader<T> {
  load(name: string): Promise<T>
  state(name: string): ChunkState
}

export function createChunkLoader<T>(
  imports: Readonly<Record<string, () => Promise<T>>>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): ChunkLoader<T> {
  const states = new Map<string, ChunkState>()
  const loading = new Map<string, Promise<T>>()

  function load(name: string): Promise<T> {
    const existing = loading.get(name)
    if (existing) return existing
    const importer = Object.hasOwn(imports, name) ? imports[name] : undefined
    if (!importer) return Promise.reject(new ChunkLoadError(name, { cause: new Error('unknown chunk') }))
    states.set(name, 'pending')
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(name, { cause: new Error('timeout') })), timeoutMs)
    })
    const promise = Promise.race([importer(), timeout]).then(
      (mod) => {
        clearTimeout(timer)
        states.set(name, 'loaded')
        return mod
      },
      (error: unknown) => {
        clearTimeout(timer)
        states.set(name, 'failed')
        loading.delete(name) // a later call may try again
        throw error instanceof ChunkLoadError ? error : new ChunkLoadError(name, { cause: error })
      },
    )
    loading.set(name, promise)
    return promise
  }

  return { load, state: (name) => states.get(name) ?? 'not-started' }
}
