// Image, gallery and audio blocks: upload (with progress) or pick from Existing Files.
import { useState } from 'react'
import type { FileAsset } from '../../../api/files.js'
import { ExistingFiles } from '../../../dialogs/files/ExistingFiles.js'
import { UploadButton } from '../../../dialogs/files/UploadButton.js'
import { GalleryOptionsPanel } from '../../../dialogs/gallery/GalleryOptionsPanel.js'
import { normalizeGalleryOptions } from '../../../dialogs/gallery/options.js'
import { rememberFile, useFileAsset } from '../../page/linkTargets.js'
import { FieldsEditor } from './FieldsEditor.js'
import { LinkField } from './LinkField.js'
import { FIELD_SPECS } from '../fieldSpecs.js'
import type { BlockEditorProps } from './types.js'

function FileChooser({ kind, onFile, label }: { kind: string; onFile(f: FileAsset): void; label: string }) {
  const [browsing, setBrowsing] = useState(false)
  const take = (f: FileAsset) => {
    rememberFile(f)
    onFile(f)
  }
  return (
    <div className="file-chooser">
      <UploadButton label={label} accept={kind === 'image' ? 'image/*' : kind === 'audio' ? 'audio/*' : undefined} onUploaded={take} />
      <button type="button" className="button secondary small" onClick={() => setBrowsing(true)}>
        Existing Files
      </button>
      {browsing && (
        <ExistingFiles
          kind={kind}
          onClose={() => setBrowsing(false)}
          onPick={(f) => {
            setBrowsing(false)
            take(f)
          }}
        />
      )}
    </div>
  )
}

export function Thumb({ id, size = '300w' }: { id: string; size?: string }) {
  const file = useFileAsset(id)
  if (!file) return <span className="thumb placeholder" aria-hidden="true" />
  return <img className="thumb" src={`${file.assetUrl}?format=${size}`} alt={file.altText || file.filename} />
}

export function ImageBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  const imageId = String(block.value.imageId ?? '')
  return (
    <>
      {imageId ? <Thumb id={imageId} /> : <p className="muted">No image yet.</p>}
      <FileChooser kind="image" label={imageId ? 'Replace image' : 'Upload an image'} onFile={(f) => onSet({ imageId: f.id })} />
      <FieldsEditor fields={FIELD_SPECS.image!} value={block.value} onChange={onChange} />
      <LinkField url={String(block.value.link ?? '')} newWindow={block.value.newWindow === true} onSet={(link, newWindow) => onSet({ link, newWindow })} />
    </>
  )
}

export function GalleryBlockEditor({ block, onSet }: BlockEditorProps) {
  const ids = Array.isArray(block.value.imageIds) ? (block.value.imageIds as string[]) : []
  const options = normalizeGalleryOptions(block.value.options)
  const move = (i: number, d: number) => {
    const next = [...ids]
    const [x] = next.splice(i, 1)
    next.splice(Math.max(0, Math.min(next.length, i + d)), 0, x!)
    onSet({ imageIds: next })
  }
  return (
    <>
      <ul className="gallery-images" aria-label="Gallery images">
        {ids.map((id, i) => (
          <li key={`${id}-${i}`}>
            <Thumb id={id} size="100w" />
            <button type="button" className="link-button" aria-label={`Move image ${i + 1} earlier`} disabled={i === 0} onClick={() => move(i, -1)}>
              ←
            </button>
            <button type="button" className="link-button" aria-label={`Move image ${i + 1} later`} disabled={i === ids.length - 1} onClick={() => move(i, 1)}>
              →
            </button>
            <button type="button" className="link-button danger" aria-label={`Remove image ${i + 1}`} onClick={() => onSet({ imageIds: ids.filter((_, j) => j !== i) })}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      {ids.length === 0 && <p className="muted">No images yet.</p>}
      <FileChooser kind="image" label="Add an image" onFile={(f) => onSet({ imageIds: [...ids, f.id] })} />
      <GalleryOptionsPanel options={options} onChange={(patch) => onSet({ options: { ...options, ...patch } })} />
    </>
  )
}

export function AudioBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  const url = String(block.value.audioAssetUrl ?? '')
  return (
    <>
      <p className="muted">{url ? `Playing ${decodeURIComponent(url.split('/').pop() ?? '')}` : 'No audio file yet.'}</p>
      <FileChooser kind="audio" label="Upload audio" onFile={(f) => onSet({ audioAssetUrl: f.assetUrl })} />
      <FieldsEditor fields={FIELD_SPECS.audio!} value={block.value} onChange={onChange} />
    </>
  )
}
