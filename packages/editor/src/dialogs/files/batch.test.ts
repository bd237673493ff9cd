import { describe, expect, it } from 'vitest'
import { fileAsset } from '../../../test/editorFakes.js'
import { batchSummary, dismiss, newRows, setRowState, uploadedFiles, withoutDone } from './batch.js'
import type { UploadState } from './upload.js'

describe('upload batches', () => {
  it('gives each file a row of its own in order, and follows each row through the state machine', () => {
    const rows = newRows([{ name: 'a.png', size: 10 }, { name: 'b.png', size: 20 }, { name: 'c.png', size: 30 }])
    expect(rows.map((r) => [r.state.phase, r.state.fileName])).toEqual([['checking', 'a.png'], ['checking', 'b.png'], ['checking', 'c.png']])
    expect(new Set(rows.map((r) => r.key)).size).toBe(3)
    const up: UploadState = { phase: 'uploading', fileName: 'b.png', size: 20, loaded: 5, total: 20 }
    const next = setRowState(rows, rows[1]!.key, up)
    expect(next[1]!.state).toEqual(up)
    expect(next[0]).toBe(rows[0])
    expect(batchSummary(next)).toBe('Uploading 3 files, 0 done')
  })

  it('keeps failures until dismissed, drops finished rows, and answers the stored files in the chosen order', () => {
    const rows = newRows([{ name: 'a.png', size: 1 }, { name: 'b.txt', size: 1 }, { name: 'c.png', size: 1 }])
    const states: UploadState[] = [
      { phase: 'done', fileName: 'a.png', size: 1, file: fileAsset('a') },
      { phase: 'rejected', fileName: 'b.txt', size: 1, message: 'The file b.txt does not appear to be a supported file' },
      { phase: 'done', fileName: 'c.png', size: 1, file: fileAsset('c') },
    ]
    const settled = rows.map((r, i) => ({ ...r, state: states[i]! }))
    expect(batchSummary(settled)).toBeNull()
    expect(uploadedFiles(states).map((f) => f.id)).toEqual(['a', 'c'])
    const left = withoutDone(settled, rows.map((r) => r.key))
    expect(left.map((r) => r.state.fileName)).toEqual(['b.txt'])
    expect(dismiss(left, left[0]!.key)).toEqual([])
  })
})
