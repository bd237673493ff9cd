// Several files uploaded at once (multi-select or a drop): one row per file, each with its own upload state
// (upload.ts). Pure helpers; MultiUpload.tsx drives them.
import type { FileAsset } from '../../api/files.js'
import { isFinal, startUpload, type UploadState } from './upload.js'

export interface BatchRow {
  key: string
  state: UploadState
}

let seq = 0
/** New rows for `files`, in their order, each with a key of its own. */
export function newRows(files: readonly { name: string; size: number }[]): BatchRow[] {
  return files.map((f) => ({ key: `u${++seq}`, state: startUpload(f.name, f.size) }))
}

export function setRowState(rows: readonly BatchRow[], key: string, state: UploadState): BatchRow[] {
  return rows.map((r) => (r.key === key ? { ...r, state } : r))
}

/** Rows without the finished uploads of `keys` (failures stay until dismissed). */
export function withoutDone(rows: readonly BatchRow[], keys: readonly string[]): BatchRow[] {
  return rows.filter((r) => !(keys.includes(r.key) && r.state.phase === 'done'))
}

export function dismiss(rows: readonly BatchRow[], key: string): BatchRow[] {
  return rows.filter((r) => r.key !== key)
}

/** The stored files of a finished batch, in the order the files were chosen (failed ones left out). */
export function uploadedFiles(states: readonly UploadState[]): FileAsset[] {
  return states.flatMap((s) => (s.phase === 'done' ? [s.file] : []))
}

/** 'Uploading 5 files, 2 done' while any runs, else null. */
export function batchSummary(rows: readonly BatchRow[]): string | null {
  if (rows.length === 0 || rows.every((r) => isFinal(r.state))) return null
  const finished = rows.filter((r) => isFinal(r.state)).length
  return `Uploading ${rows.length} ${rows.length === 1 ? 'file' : 'files'}, ${finished} done`
}
