// The gallery block's images: add many at once (multi-select or dropped files, each with its own progress bar),
// reorder by drag (with a drop indicator) or the move buttons, and per image: title and alt text (stored on the
// file), a link (stored in the block), focal point and crop. Or, as its source, connected accounts
// (GalleryAccounts.tsx).
import { lazy, Suspense, useEffect, useRef, useState, type DragEvent } from 'react'
import type { FileAsset } from '../../../api/files.js'
import { dragHasFiles, UploadFilesButton, useUploadBatch } from '../../../dialogs/files/MultiUpload.js'
import { ExistingFiles } from '../../../dialogs/files/ExistingFiles.js'
import { GalleryOptionsPanel } from '../../../dialogs/gallery/GalleryOptionsPanel.js'
import { normalizeGalleryOptions } from '../../../dialogs/gallery/options.js'
import { useServices } from '../../../services/services.js'
import { cachedFile, rememberFile, useFileAsset } from '../../page/linkTargets.js'
import { addImages, galleryIds, gallerySource, galleryLinks, moveImage, removeImage, replaceImage, setImageLink } from '../galleryModel.js'
import { LinkField } from './LinkField.js'
import { GalleryAccountsEditor, GallerySourceChoice } from './GalleryAccounts.js'
import type { BlockEditorProps } from './types.js'
import { imageSrc } from '../../../ui/imageSrc.js'

const ImageEditDialog = lazy(() => import('../../../dialogs/image/ImageEditDialog.js'))

const ORDER_TYPE = 'application/x-sitewright-gallery-index'

/** Opens the focal point and crop dialog of an image (loaded on first use). */
export function ImageEditButton({ id, onSaved }: { id: string; onSaved(file: FileAsset): void }) {
  const file = useFileAsset(id)
  const [open, setOpen] = useState(false)
  if (!file || file.kind !== 'image') return null
  return (
    <>
      <button type="button" className="button secondary small" onClick={() => setOpen(true)}>
        Focal point and crop
      </button>
      {open && (
        <Suspense fallback={<p role="status">Loading the image editor…</p>}>
          <ImageEditDialog
            file={cachedFile(id) ?? file}
            onClose={() => setOpen(false)}
            onSaved={(f) => {
              setOpen(false)
              onSaved(f)
            }}
          />
        </Suspense>
      )}
    </>
  )
}

function GalleryThumb({ id, label }: { id: string; label: string }) {
  const file = useFileAsset(id)
  if (!file) return <span className="thumb placeholder" aria-hidden="true" />
  return <img className="thumb" src={imageSrc(file, '100w')} alt={label} draggable={false} />
}

export function GalleryBlockEditor(props: BlockEditorProps) {
  const source = gallerySource(props.block.value)
  return (
    <>
      <GallerySourceChoice value={source} onChange={(s) => props.onSet({ source: s })} />
      {source === 'accounts' ? <GalleryAccountsEditor {...props} /> : <GalleryImagesEditor {...props} />}
    </>
  )
}

function GalleryImagesEditor({ block, onSet }: BlockEditorProps) {
  const ids = galleryIds(block.value)
  const links = galleryLinks(block.value)
  const options = normalizeGalleryOptions(block.value.options)
  const latest = useRef(block.value)
  latest.current = block.value
  const uploads = useUploadBatch()
  const [browsing, setBrowsing] = useState(false)
  const [selected, setSelected] = useState<number | null>(null)
  const [dragFrom, setDragFrom] = useState<number | null>(null)
  const [dropAt, setDropAt] = useState<number | null>(null)
  const [filesOver, setFilesOver] = useState(false)
  const [said, setSaid] = useState('')

  async function addFiles(list: File[]) {
    const done = await uploads.start(list)
    done.forEach(rememberFile)
    if (done.length) onSet(addImages(latest.current, done.map((f) => f.id)))
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= ids.length || from === to) return
    onSet(moveImage(latest.current, from, to))
    if (selected === from) setSelected(to)
    setSaid(`Image moved to position ${to + 1} of ${ids.length}`)
  }

  function overItem(e: DragEvent<HTMLLIElement>, i: number) {
    if (dragFrom === null) return
    e.preventDefault()
    e.dataTransfer.dropEffect = 'move'
    const r = e.currentTarget.getBoundingClientRect()
    setDropAt(e.clientX < r.left + r.width / 2 ? i : i + 1)
  }

  function dropItem(e: DragEvent) {
    if (dragFrom === null || dropAt === null) return
    e.preventDefault()
    e.stopPropagation()
    move(dragFrom, dropAt > dragFrom ? dropAt - 1 : dropAt)
    setDragFrom(null)
    setDropAt(null)
  }

  return (
    <>
      <div
        className={`gallery-drop${filesOver ? ' files-over' : ''}`}
        data-gallery-drop
        onDragOver={(e) => {
          if (!dragHasFiles(e)) return
          e.preventDefault()
          e.dataTransfer.dropEffect = 'copy'
          setFilesOver(true)
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFilesOver(false)
        }}
        onDrop={(e) => {
          if (!dragHasFiles(e)) return
          e.preventDefault()
          setFilesOver(false)
          void addFiles(Array.from(e.dataTransfer.files))
        }}
      >
        <ul className="gallery-images" aria-label="Gallery images">
          {ids.map((id, i) => (
            <li
              key={`${id}-${i}`}
              className={[selected === i ? 'selected' : '', dragFrom === i ? 'dragging' : '', dropAt === i && dragFrom !== null ? 'drop-before' : '', dropAt === i + 1 && i === ids.length - 1 && dragFrom !== null ? 'drop-after' : ''].join(' ').trim() || undefined}
              draggable
              data-gallery-image={id}
              onDragStart={(e) => {
                e.dataTransfer.setData(ORDER_TYPE, String(i))
                e.dataTransfer.effectAllowed = 'move'
                setDragFrom(i)
              }}
              onDragEnd={() => {
                setDragFrom(null)
                setDropAt(null)
              }}
              onDragOver={(e) => overItem(e, i)}
              onDrop={dropItem}
            >
              <button type="button" className="gallery-image-button" aria-pressed={selected === i} onClick={() => setSelected(selected === i ? null : i)}>
                <GalleryThumb id={id} label={`Image ${i + 1}: edit its details`} />
              </button>
              <span className="gallery-image-actions">
                <button type="button" className="link-button" aria-label={`Move image ${i + 1} earlier`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                  ←
                </button>
                <button type="button" className="link-button" aria-label={`Move image ${i + 1} later`} disabled={i === ids.length - 1} onClick={() => move(i, i + 1)}>
                  →
                </button>
                <button
                  type="button"
                  className="link-button danger"
                  aria-label={`Remove image ${i + 1}`}
                  onClick={() => {
                    setSelected(null)
                    onSet(removeImage(latest.current, i))
                  }}
                >
                  ✕
                </button>
              </span>
            </li>
          ))}
        </ul>
        {ids.length === 0 && <p className="muted">No images yet.</p>}
        <p className="muted gallery-drop-hint">Drop image files here, or drag an image to reorder.</p>
      </div>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <div className="file-chooser">
        <UploadFilesButton label="Add images" accept="image/*" onFiles={(list) => void addFiles(list)} />
        <button type="button" className="button secondary small" onClick={() => setBrowsing(true)}>
          Existing Files
        </button>
      </div>
      {uploads.view}
      {browsing && (
        <ExistingFiles
          kind="image"
          onClose={() => setBrowsing(false)}
          onPick={(f) => {
            setBrowsing(false)
            rememberFile(f)
            onSet(addImages(latest.current, [f.id]))
          }}
        />
      )}
      {selected !== null && ids[selected] && (
        <GalleryImageDetails
          key={ids[selected]}
          id={ids[selected]!}
          index={selected}
          link={links[ids[selected]!] ?? ''}
          onLink={(url) => onSet(setImageLink(latest.current, ids[selected]!, url))}
          onReplaced={(f) => onSet(replaceImage(latest.current, ids[selected]!, f.id))}
        />
      )}
      <GalleryOptionsPanel options={options} onChange={(patch) => onSet({ options: { ...options, ...patch } })} />
    </>
  )
}

function GalleryImageDetails({ id, index, link, onLink, onReplaced }: { id: string; index: number; link: string; onLink(url: string): void; onReplaced(f: FileAsset): void }) {
  const { files, siteId } = useServices()
  const file = useFileAsset(id)
  const [title, setTitle] = useState('')
  const [alt, setAlt] = useState('')
  const [status, setStatus] = useState('')
  useEffect(() => {
    if (!file) return
    setTitle(file.title)
    setAlt(file.altText)
  }, [file])

  async function save(patch: { title?: string; altText?: string }) {
    if (!file) return
    if ((patch.title ?? file.title) === file.title && (patch.altText ?? file.altText) === file.altText) return
    setStatus('Saving…')
    const res = await files.update(siteId, id, patch)
    if (!res.ok) return setStatus(res.error.message)
    rememberFile(res.data.file)
    setStatus('Saved')
  }

  return (
    <fieldset className="gallery-image-details" data-gallery-details>
      <legend>
        Image {index + 1}
        {file ? `: ${file.filename}` : ''}
      </legend>
      <div className="field">
        <label htmlFor={`gi-title-${id}`}>Title</label>
        <input id={`gi-title-${id}`} value={title} maxLength={500} onChange={(e) => setTitle(e.target.value)} onBlur={() => void save({ title })} />
      </div>
      <div className="field">
        <label htmlFor={`gi-alt-${id}`}>Alt text</label>
        <input id={`gi-alt-${id}`} value={alt} maxLength={1000} aria-describedby={`gi-alt-h-${id}`} onChange={(e) => setAlt(e.target.value)} onBlur={() => void save({ altText: alt })} />
        <p id={`gi-alt-h-${id}`} className="field-hint">
          What the image shows, for people who cannot see it. Saved with the file, everywhere it is used.
        </p>
      </div>
      <p className="muted" role="status">
        {status}
      </p>
      <LinkField label="Link" url={link} newWindow={false} onSet={(url) => onLink(url)} />
      <ImageEditButton id={id} onSaved={(f) => f.id !== id && onReplaced(f)} />
    </fieldset>
  )
}
