// Many files at once (multi-select or dropped): each file runs through the upload state machine with its own
// progress bar; `start` answers the stored files in the order they were chosen once every upload has finished.
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react'
import type { FileAsset } from '../../api/files.js'
import { useServices } from '../../services/services.js'
import { batchSummary, dismiss, newRows, setRowState, uploadedFiles, withoutDone, type BatchRow } from './batch.js'
import { isFinal } from './upload.js'
import { UploadProgress } from './UploadButton.js'
import { runUpload, type UploadRun } from './uploader.js'

/** How long finished rows stay (ms). */
const SETTLE_MS = 2500

export function useUploadBatch() {
  const { files, siteId } = useServices()
  const [rows, setRows] = useState<BatchRow[]>([])
  const runs = useRef(new Map<string, UploadRun>())

  async function start(list: readonly File[]): Promise<FileAsset[]> {
    if (list.length === 0) return []
    const batch = newRows(list)
    setRows((r) => [...r, ...batch])
    const states = await Promise.all(
      batch.map((row, i) => {
        const run = runUpload(list[i]!, { api: files, siteId }, (s) => setRows((r) => setRowState(r, row.key, s)))
        runs.current.set(row.key, run)
        return run.done
      }),
    )
    const keys = batch.map((b) => b.key)
    keys.forEach((k) => runs.current.delete(k))
    setTimeout(() => setRows((r) => withoutDone(r, keys)), SETTLE_MS)
    return uploadedFiles(states)
  }

  const summary = batchSummary(rows)
  const view: ReactNode = rows.length ? (
    <div className="upload-batch" role="group" aria-label="Uploads">
      <p className="muted upload-batch-summary" role="status">
        {summary ?? 'Uploads finished'}
      </p>
      <ul>
        {rows.map((r) => (
          <li key={r.key} data-upload-row>
            <UploadProgress state={r.state} onCancel={() => runs.current.get(r.key)?.cancel()} />
            {isFinal(r.state) && r.state.phase !== 'done' && (
              <button type="button" className="link-button" onClick={() => setRows((x) => dismiss(x, r.key))}>
                Dismiss
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  ) : null

  return { start, view, busy: summary !== null }
}

/** A file input that takes several files (`multiple`), styled as a button. */
export function UploadFilesButton({ label, accept, onFiles }: { label: string; accept?: string; onFiles(files: File[]): void }) {
  const id = useId()
  return (
    <span className="upload">
      <label htmlFor={id} className="button secondary small">
        {label}
      </label>
      <input
        id={id}
        type="file"
        multiple
        className="visually-hidden"
        accept={accept}
        onChange={(e) => {
          const list = Array.from(e.target.files ?? [])
          e.target.value = ''
          if (list.length) onFiles(list)
        }}
      />
    </span>
  )
}

/** True when a drag carries files from the desktop. */
export function dragHasFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer.types).includes('Files')
}
