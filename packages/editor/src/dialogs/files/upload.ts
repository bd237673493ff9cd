// The upload state machine of one file (pure). Driven by uploader.ts:
//   checking -> rejected                      (client-side type or size check)
//   checking -> uploading(progress) -> processing -> done
//   uploading -> failed 'File upload failed to complete'       (the connection broke, no answer)
//   uploading/processing -> failed <server message> | 'There was a problem while uploading your file.'
//   processing -> failed 'File processing failed'               (the server could not process it)
//   uploading/processing -> cancelled 'File processing cancelled'
import type { FileAsset } from '../../api/files.js'
import { formatSize, megabytes } from './sizes.js'
import type { FileKind } from './sniff.js'

export const UPLOAD_MESSAGES = {
  unsupported: (fileName: string) => `The file ${fileName} does not appear to be a supported file`,
  tooLarge: (fileName: string, maxSize: string) =>
    `The file ${fileName} is too large. The maximum allowed file size is ${maxSize}.`,
  failed: 'There was a problem while uploading your file.',
  incomplete: 'File upload failed to complete',
  processingFailed: 'File processing failed',
  cancelled: 'File processing cancelled',
} as const

export type UploadedFile = FileAsset

export type UploadState =
  | { phase: 'checking'; fileName: string; size: number }
  | { phase: 'rejected'; fileName: string; size: number; message: string }
  | { phase: 'uploading'; fileName: string; size: number; loaded: number; total: number }
  | { phase: 'processing'; fileName: string; size: number; file?: UploadedFile }
  | { phase: 'done'; fileName: string; size: number; file: UploadedFile }
  | { phase: 'failed'; fileName: string; size: number; message: string }
  | { phase: 'cancelled'; fileName: string; size: number; message: string }

export type UploadEvent =
  | { type: 'checked'; kind: FileKind | null; limitsMb: Record<FileKind, number> }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'sent' }
  | { type: 'stored'; file: UploadedFile }
  | { type: 'processed'; file: UploadedFile }
  | { type: 'server-error'; message?: string | undefined }
  | { type: 'connection-lost' }
  | { type: 'processing-failed' }
  | { type: 'cancel' }

export function startUpload(fileName: string, size: number): UploadState {
  return { phase: 'checking', fileName, size }
}

const FINAL = new Set(['rejected', 'done', 'failed', 'cancelled'])
export function isFinal(s: UploadState): boolean {
  return FINAL.has(s.phase)
}

export function uploadReducer(s: UploadState, e: UploadEvent): UploadState {
  const base = { fileName: s.fileName, size: s.size }
  if (isFinal(s)) return s
  switch (e.type) {
    case 'checked': {
      if (s.phase !== 'checking') return s
      if (!e.kind) return { ...base, phase: 'rejected', message: UPLOAD_MESSAGES.unsupported(s.fileName) }
      const limit = megabytes(e.limitsMb[e.kind])
      if (s.size > limit)
        return { ...base, phase: 'rejected', message: UPLOAD_MESSAGES.tooLarge(s.fileName, formatSize(limit)) }
      return { ...base, phase: 'uploading', loaded: 0, total: s.size }
    }
    case 'progress':
      if (s.phase !== 'uploading') return s
      return { ...s, loaded: Math.min(e.loaded, e.total), total: e.total }
    case 'sent':
      return s.phase === 'uploading' ? { ...base, phase: 'processing' } : s
    case 'stored':
      if (s.phase !== 'uploading' && s.phase !== 'processing') return s
      if (e.file.status === 'failed') return { ...base, phase: 'failed', message: UPLOAD_MESSAGES.processingFailed }
      if (e.file.status === 'processing') return { ...base, phase: 'processing', file: e.file }
      return { ...base, phase: 'done', file: e.file }
    case 'processed':
      return s.phase === 'processing' ? { ...base, phase: 'done', file: e.file } : s
    case 'server-error':
      if (s.phase !== 'uploading' && s.phase !== 'processing') return s
      return { ...base, phase: 'failed', message: e.message || UPLOAD_MESSAGES.failed }
    case 'connection-lost':
      if (s.phase !== 'uploading' && s.phase !== 'processing') return s
      return { ...base, phase: 'failed', message: UPLOAD_MESSAGES.incomplete }
    case 'processing-failed':
      return s.phase === 'processing' ? { ...base, phase: 'failed', message: UPLOAD_MESSAGES.processingFailed } : s
    case 'cancel':
      if (s.phase === 'checking') return { ...base, phase: 'cancelled', message: UPLOAD_MESSAGES.cancelled }
      if (s.phase !== 'uploading' && s.phase !== 'processing') return s
      return { ...base, phase: 'cancelled', message: UPLOAD_MESSAGES.cancelled }
  }
}

/** 0..100 for the progress bar (processing shows a full bar). */
export function percent(s: UploadState): number {
  if (s.phase === 'uploading') return s.total > 0 ? Math.floor((s.loaded / s.total) * 100) : 0
  return s.phase === 'processing' || s.phase === 'done' ? 100 : 0
}
