// Drives one upload through the state machine of upload.ts: client check from the file's bytes, XHR upload with
// progress, then polling until the server has processed the file. Cancelling aborts the upload, or deletes the
// stored file when processing is cancelled.
import type { FileAsset, FilesApi } from '../../api/files.js'
import type { SiteId } from '../../api/types.js'
import { isFinal, startUpload, uploadReducer, type UploadEvent, type UploadState } from './upload.js'
import { UPLOAD_LIMITS_MB, readHead, sniffKind, type FileKind } from './sniff.js'

export interface UploadDeps {
  api: Pick<FilesApi, 'upload' | 'get' | 'remove'> & Partial<Pick<FilesApi, 'limits'>>
  siteId: SiteId
  /** Per-kind limits in megabytes; default: the server's (GET .../files/limits), else UPLOAD_LIMITS_MB. */
  limitsMb?: Record<FileKind, number>
  pollMs?: number
  /** Gives up polling after this many attempts ('File processing failed'). */
  maxPolls?: number
  sleep?: (ms: number) => Promise<void>
}

export interface UploadRun {
  readonly state: UploadState
  cancel(): void
  done: Promise<UploadState>
}

/** The server's configured limits over the defaults (a kind it does not name keeps its default). */
async function serverLimits(deps: UploadDeps): Promise<Record<FileKind, number>> {
  if (deps.limitsMb) return deps.limitsMb
  const res = await deps.api.limits?.(deps.siteId)
  if (!res?.ok) return UPLOAD_LIMITS_MB
  const out = { ...UPLOAD_LIMITS_MB }
  for (const kind of Object.keys(out) as FileKind[]) {
    const mb = res.data.limits[kind]?.megabytes
    if (typeof mb === 'number' && mb > 0) out[kind] = mb
  }
  return out
}

export function runUpload(file: File, deps: UploadDeps, onState: (s: UploadState) => void): UploadRun {
  const controller = new AbortController()
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  let state = startUpload(file.name, file.size)
  /** The current phase (a function, so checks after awaits are not narrowed away). */
  const phase = (): UploadState['phase'] => state.phase
  let stored: FileAsset | null = null
  const emit = (e: UploadEvent) => {
    const next = uploadReducer(state, e)
    if (next === state) return
    state = next
    onState(state)
  }

  async function poll(id: string) {
    const maxPolls = deps.maxPolls ?? 120
    for (let i = 0; i < maxPolls && phase() === 'processing'; i++) {
      await sleep(deps.pollMs ?? 1000)
      if (phase() !== 'processing') return
      const res = await deps.api.get(deps.siteId, id)
      if (!res.ok) {
        if (res.error.kind === 'network' || res.error.kind === 'unreachable') continue
        return emit({ type: 'server-error', message: res.error.message })
      }
      if (res.data.file.status === 'ready') return emit({ type: 'processed', file: res.data.file })
      if (res.data.file.status === 'failed') return emit({ type: 'processing-failed' })
    }
    emit({ type: 'processing-failed' })
  }

  async function run(): Promise<UploadState> {
    onState(state)
    const [head, limitsMb] = await Promise.all([readHead(file), serverLimits(deps)])
    emit({ type: 'checked', kind: sniffKind(head), limitsMb })
    if (phase() !== 'uploading') return state
    const result = await deps.api.upload(deps.siteId, file, {
      signal: controller.signal,
      onProgress: (loaded, total) => emit({ type: 'progress', loaded, total }),
      onSent: () => emit({ type: 'sent' }),
    })
    if (result.kind === 'aborted') emit({ type: 'cancel' })
    else if (result.kind === 'connection-lost') emit({ type: 'connection-lost' })
    else if (result.kind === 'error') emit({ type: 'server-error', message: result.message })
    else {
      stored = result.file
      if (phase() === 'cancelled') void deps.api.remove(deps.siteId, result.file.id)
      else emit({ type: 'stored', file: result.file })
    }
    if (phase() === 'processing' && stored) await poll(stored.id)
    return state
  }

  const done = run()
  return {
    get state() {
      return state
    },
    cancel() {
      if (isFinal(state)) return
      emit({ type: 'cancel' })
      controller.abort()
      if (stored) void deps.api.remove(deps.siteId, stored.id)
    },
    done,
  }
}
