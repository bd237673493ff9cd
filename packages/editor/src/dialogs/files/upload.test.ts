import { describe, expect, it, vi } from 'vitest'
import type { FileAsset, FilesApi, UploadOptions, UploadResult } from '../../api/files.js'
import type { ApiResult } from '../../api/client.js'
import { formatSize, megabytes } from './sizes.js'
import { sniffKind } from './sniff.js'
import { percent, startUpload, uploadReducer } from './upload.js'
import { runUpload } from './uploader.js'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])

function asset(status: FileAsset['status'] = 'ready'): FileAsset {
  return {
    id: 'f1', filename: 'a.png', mimeType: 'image/png', kind: 'image', size: 12, sizeText: '12 Bytes',
    assetUrl: '/files/s/f1/a.png', originalSize: '1x1', mediaFocalPoint: { x: 0.5, y: 0.5 }, altText: '', colorData: null,
    title: '', body: '', systemDataVariants: '', status, error: null, crop: null, createdOn: 0, updatedOn: 0,
  }
}

function api(upload: (opts: UploadOptions) => Promise<UploadResult>, polls: FileAsset['status'][] = []) {
  const removed: string[] = []
  const fake: Pick<FilesApi, 'upload' | 'get' | 'remove'> = {
    upload: (_s, _f, opts) => upload(opts ?? {}),
    get: async () => ({ ok: true, status: 200, data: { file: asset(polls.shift() ?? 'ready') } }),
    remove: async (_s, id) => {
      removed.push(id)
      return { ok: true, status: 204, data: undefined } as ApiResult<void>
    },
  }
  return { fake, removed }
}

const noSleep = () => Promise.resolve()

describe('sizes', () => {
  it('limits in megabytes of 1,000,000 bytes, sizes in 1024 units from Bytes to YB', () => {
    expect(megabytes(20)).toBe(20_000_000)
    expect(formatSize(0)).toBe('0 Bytes')
    expect(formatSize(1023)).toBe('1023 Bytes')
    expect(formatSize(1536)).toBe('1.5 KB')
    expect(formatSize(20_000_000)).toBe('19.07 MB')
    expect(formatSize(1024 ** 8 * 3)).toBe('3 YB')
    expect(formatSize(1024 ** 9 * 2)).toBe('2048 YB')
  })
})

describe('file type from bytes', () => {
  it('ignores the name: PNG bytes are an image, text is not', () => {
    expect(sniffKind(PNG)).toBe('image')
    expect(sniffKind(new TextEncoder().encode('hello, world'))).toBe(null)
    expect(sniffKind(new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="x"/>'))).toBe('svg')
    expect(sniffKind(new TextEncoder().encode('%PDF-1.7'))).toBe('document')
  })
})

describe('upload state machine', () => {
  const limits = { image: 20, svg: 5, audio: 160, video: 500, document: 50, archive: 300 }
  it('rejects unsupported and too large files with the spec messages', () => {
    const s = startUpload('notes.png', 10)
    expect(uploadReducer(s, { type: 'checked', kind: null, limitsMb: limits })).toMatchObject({
      phase: 'rejected',
      message: 'The file notes.png does not appear to be a supported file',
    })
    const big = startUpload('big.jpg', 20_000_001)
    expect(uploadReducer(big, { type: 'checked', kind: 'image', limitsMb: limits })).toMatchObject({
      phase: 'rejected',
      message: 'The file big.jpg is too large. The maximum allowed file size is 19.07 MB.',
    })
    expect(uploadReducer(startUpload('ok.jpg', 20_000_000), { type: 'checked', kind: 'image', limitsMb: limits }).phase).toBe('uploading')
  })

  it('tracks progress, then processing, then done; final states ignore later events', () => {
    let s = uploadReducer(startUpload('a.png', 100), { type: 'checked', kind: 'image', limitsMb: limits })
    s = uploadReducer(s, { type: 'progress', loaded: 40, total: 100 })
    expect(percent(s)).toBe(40)
    s = uploadReducer(s, { type: 'sent' })
    expect(s.phase).toBe('processing')
    s = uploadReducer(s, { type: 'stored', file: asset('processing') })
    expect(s.phase).toBe('processing')
    s = uploadReducer(s, { type: 'processed', file: asset() })
    expect(s.phase).toBe('done')
    expect(uploadReducer(s, { type: 'cancel' })).toBe(s)
  })

  it('names each failure', () => {
    const up = uploadReducer(startUpload('a.png', 1), { type: 'checked', kind: 'image', limitsMb: limits })
    expect(uploadReducer(up, { type: 'connection-lost' })).toMatchObject({ message: 'File upload failed to complete' })
    expect(uploadReducer(up, { type: 'server-error' })).toMatchObject({ message: 'There was a problem while uploading your file.' })
    expect(uploadReducer(up, { type: 'server-error', message: 'The file a.png does not appear to be a supported file' })).toMatchObject({
      message: 'The file a.png does not appear to be a supported file',
    })
    const processing = uploadReducer(up, { type: 'sent' })
    expect(uploadReducer(processing, { type: 'processing-failed' })).toMatchObject({ message: 'File processing failed' })
    expect(uploadReducer(processing, { type: 'cancel' })).toMatchObject({ phase: 'cancelled', message: 'File processing cancelled' })
    expect(uploadReducer(up, { type: 'stored', file: asset('failed') })).toMatchObject({ message: 'File processing failed' })
  })
})

describe('runUpload', () => {
  const png = () => new File([PNG], 'photo.txt', { type: 'text/plain' })

  it('uploads with progress and polls until the server has processed the file', async () => {
    const phases: string[] = []
    const { fake } = api(async (opts) => {
      opts.onProgress?.(6, 12)
      opts.onProgress?.(12, 12)
      opts.onSent?.()
      return { kind: 'stored', file: asset('processing') }
    }, ['processing', 'ready'])
    const run = runUpload(png(), { api: fake, siteId: 's', sleep: noSleep }, (s) => {
      const label = `${s.phase}${s.phase === 'uploading' ? s.loaded : ''}`
      if (phases.at(-1) !== label) phases.push(label)
    })
    const final = await run.done
    expect(final.phase).toBe('done')
    expect(phases).toEqual(['checking', 'uploading0', 'uploading6', 'uploading12', 'processing', 'done'])
  })

  it('gives up with File processing failed when the server reports failure', async () => {
    const { fake } = api(async () => ({ kind: 'stored', file: asset('processing') }), ['failed'])
    expect(await runUpload(png(), { api: fake, siteId: 's', sleep: noSleep }, () => {}).done).toMatchObject({
      phase: 'failed',
      message: 'File processing failed',
    })
  })

  it('cancelling while processing deletes the stored file', async () => {
    let release: () => void = () => {}
    const { fake, removed } = api(async () => ({ kind: 'stored', file: asset('processing') }), ['processing', 'processing'])
    let waiting = false
    const sleep = () => new Promise<void>((r) => ((release = r), (waiting = true)))
    const run = runUpload(png(), { api: fake, siteId: 's', sleep }, () => {})
    await vi.waitFor(() => expect(waiting).toBe(true)) // it polls the processing file: the first wait has begun
    expect(run.state.phase).toBe('processing')
    run.cancel()
    release()
    expect(await run.done).toMatchObject({ phase: 'cancelled', message: 'File processing cancelled' })
    expect(removed).toEqual(['f1'])
  })

  it('never sends a file whose bytes are not supported, whatever its name', async () => {
    let sent = false
    const { fake } = api(async () => {
      sent = true
      return { kind: 'aborted' }
    })
    const fake2 = new File(['just text'], 'photo.jpg', { type: 'image/jpeg' })
    expect((await runUpload(fake2, { api: fake, siteId: 's' }, () => {}).done).phase).toBe('rejected')
    expect(sent).toBe(false)
  })

  it("checks the size against the server's configured limits (GET .../files/limits), else the defaults", async () => {
    let sent = 0
    const { fake } = api(async () => {
      sent++
      return { kind: 'stored', file: asset() }
    })
    const asked: string[] = []
    const limits: FilesApi['limits'] = async (siteId) => {
      asked.push(String(siteId))
      return { ok: true, status: 200, data: { limits: { image: { megabytes: 0.00001, bytes: 10, maxSize: '10 Bytes' } } } }
    }
    const small = await runUpload(png(), { api: { ...fake, limits }, siteId: 's1', sleep: noSleep }, () => {}).done
    expect(asked).toEqual(['s1'])
    expect(small).toMatchObject({ phase: 'rejected', message: 'The file photo.txt is too large. The maximum allowed file size is 10 Bytes.' })
    expect(sent).toBe(0)
    const failing: FilesApi['limits'] = async () => ({ ok: false, error: { kind: 'network', status: 0, type: 'network', code: 'network', message: 'Network error', fields: {} } })
    expect((await runUpload(png(), { api: { ...fake, limits: failing }, siteId: 's1', sleep: noSleep }, () => {}).done).phase).toBe('done')
    expect(sent).toBe(1)
  })
})
