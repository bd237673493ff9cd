// Image files dropped on the canvas: each goes through the upload state machine with its own progress bar; when all
// are done they become image blocks at the drop place (one undo step each), or join the gallery they were dropped on
// (one undo step).
import { useState } from 'react'
import { runUpload } from '../../dialogs/files/uploader.js'
import type { UploadState } from '../../dialogs/files/upload.js'
import { useServices } from '../../services/services.js'
import { createBlock } from '../blocks/catalog.js'
import { setBlockValue } from '../core/blockActions.js'
import { findBlock } from '../core/document.js'
import type { EditorStore } from '../core/store.js'
import { insertBlockAt, type Place } from './canvasActions.js'

interface Row {
  key: string
  state: UploadState
}

export function useDroppedImages(store: EditorStore) {
  const { files, siteId } = useServices()
  const [rows, setRows] = useState<Row[]>([])

  async function drop(list: File[], place: Place, galleryId: string | null) {
    const batch = list.map((f, i) => ({ key: `${Date.now()}-${i}-${f.name}`, file: f }))
    setRows((r) => [...r, ...batch.map((b) => ({ key: b.key, state: { phase: 'checking', fileName: b.file.name, size: b.file.size } as UploadState }))])
    const results = await Promise.all(
      batch.map((b) => runUpload(b.file, { api: files, siteId }, (state) => setRows((r) => r.map((x) => (x.key === b.key ? { ...x, state } : x)))).done),
    )
    const ids = results.flatMap((s) => (s.phase === 'done' ? [s.file.id] : []))
    if (ids.length) {
      const gallery = galleryId ? findBlock(store.get().state.doc, galleryId) : undefined
      if (gallery) {
        const existing = Array.isArray(gallery.value.imageIds) ? (gallery.value.imageIds as string[]) : []
        store.dispatch(setBlockValue, { id: gallery.id, value: { imageIds: [...existing, ...ids] } })
      } else {
        ids.forEach((imageId, i) => {
          const block = createBlock('image')
          block.value = { ...block.value, imageId }
          store.dispatch(insertBlockAt, { ...place, index: place.index + i, typeName: 'image', block })
        })
      }
    }
    // finished rows leave after a moment; failures stay until dismissed
    setTimeout(() => setRows((r) => r.filter((x) => !(batch.some((b) => b.key === x.key) && x.state.phase === 'done'))), 2500)
  }

  const view = rows.length ? (
    <section className="drop-uploads" aria-label="Uploads">
      <ul>
        {rows.map((r) => (
          <li key={r.key}>
            <span className="drop-upload-name">{r.state.fileName}</span>
            {r.state.phase === 'uploading' ? (
              <progress max={r.state.total || 1} value={r.state.loaded} aria-label={`Uploading ${r.state.fileName}`} />
            ) : r.state.phase === 'failed' || r.state.phase === 'rejected' || r.state.phase === 'cancelled' ? (
              <span className="alert-text" role="alert">
                {r.state.message}
              </span>
            ) : (
              <span className="muted">{r.state.phase === 'done' ? 'Uploaded' : r.state.phase === 'processing' ? 'Processing…' : 'Checking…'}</span>
            )}
            {(r.state.phase === 'failed' || r.state.phase === 'rejected' || r.state.phase === 'cancelled') && (
              <button type="button" className="link-button" onClick={() => setRows((x) => x.filter((y) => y.key !== r.key))}>
                Dismiss
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  ) : null

  return { drop: (list: File[], place: Place, galleryId: string | null) => void drop(list, place, galleryId), view }
}
