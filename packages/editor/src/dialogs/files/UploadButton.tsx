// Choose a file and upload it with a progress bar; reports the stored file when processing is done.
import { useId, useRef, useState } from 'react'
import type { FileAsset } from '../../api/files.js'
import { useServices } from '../../services/services.js'
import { formatSize } from './sizes.js'
import { isFinal, percent, type UploadState } from './upload.js'
import { runUpload, type UploadRun } from './uploader.js'

interface Props {
  label?: string
  accept?: string
  onUploaded(file: FileAsset): void
}

export function UploadButton({ label = 'Upload a file', accept, onUploaded }: Props) {
  const { files, siteId } = useServices()
  const inputId = useId()
  const [state, setState] = useState<UploadState | null>(null)
  const run = useRef<UploadRun | null>(null)

  function start(file: File) {
    run.current = runUpload(file, { api: files, siteId }, (s) => {
      setState(s)
      if (s.phase === 'done') onUploaded(s.file)
    })
  }

  return (
    <div className="upload">
      <label htmlFor={inputId} className="button secondary small">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        className="visually-hidden"
        accept={accept}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) start(file)
        }}
      />
      {state && <UploadProgress state={state} onCancel={() => run.current?.cancel()} />}
    </div>
  )
}

export function UploadProgress({ state, onCancel }: { state: UploadState; onCancel(): void }) {
  const value = percent(state)
  const failed = state.phase === 'rejected' || state.phase === 'failed' || state.phase === 'cancelled'
  return (
    <div className={`upload-progress ${state.phase}`} data-phase={state.phase}>
      <span className="upload-name">
        {state.fileName} <span className="muted">({formatSize(state.size)})</span>
      </span>
      {!failed && (
        <progress max={100} value={value} aria-label={`Uploading ${state.fileName}`}>
          {value}%
        </progress>
      )}
      <span className="upload-status" role={failed ? 'alert' : 'status'}>
        {failed ? state.message : STATUS[state.phase]?.(value)}
      </span>
      {!isFinal(state) && (
        <button type="button" className="button secondary small" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  )
}

const STATUS: Partial<Record<UploadState['phase'], (p: number) => string>> = {
  checking: () => 'Checking…',
  uploading: (p) => `Uploading ${p}%`,
  processing: () => 'Processing…',
  done: () => 'Uploaded',
}
