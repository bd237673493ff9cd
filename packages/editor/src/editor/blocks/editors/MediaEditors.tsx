// Image and audio blocks (the gallery's editor is GalleryEditor.tsx): upload (with progress) or pick from Existing Files.
import { useState } from 'react'
import type { FileAsset } from '../../../api/files.js'
import { ExistingFiles } from '../../../dialogs/files/ExistingFiles.js'
import { UploadButton } from '../../../dialogs/files/UploadButton.js'
import { rememberFile, useFileAsset } from '../../page/linkTargets.js'
import { FieldsEditor } from './FieldsEditor.js'
import { LinkField } from './LinkField.js'
import { FIELD_SPECS } from '../fieldSpecs.js'
import { ImageEditButton } from './GalleryEditor.js'
import type { BlockEditorProps } from './types.js'
import { imageSrc } from '../../../ui/imageSrc.js'

export function FileChooser({ kind, onFile, label }: { kind: string; onFile(f: FileAsset): void; label: string }) {
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
  return <img className="thumb" src={imageSrc(file, size)} alt={file.altText || file.filename} />
}

export function ImageBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  const imageId = String(block.value.imageId ?? '')
  return (
    <>
      {imageId ? <Thumb id={imageId} /> : <p className="muted">No image yet.</p>}
      <FileChooser kind="image" label={imageId ? 'Replace image' : 'Upload an image'} onFile={(f) => onSet({ imageId: f.id })} />
      {imageId && <ImageEditButton id={imageId} onSaved={(f) => f.id !== imageId && onSet({ imageId: f.id })} />}
      <FieldsEditor fields={FIELD_SPECS.image!} value={block.value} onChange={onChange} onSet={onSet} />
      <LinkField url={String(block.value.link ?? '')} newWindow={block.value.newWindow === true} onSet={(link, newWindow) => onSet({ link, newWindow })} />
    </>
  )
}

export function AudioBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  const url = String(block.value.audioAssetUrl ?? '')
  return (
    <>
      <p className="muted">{url ? `Playing ${decodeURIComponent(url.split('/').pop() ?? '')}` : 'No audio file yet.'}</p>
      <FileChooser kind="audio" label="Upload audio" onFile={(f) => onSet({ audioAssetUrl: f.assetUrl })} />
      <FieldsEditor fields={FIELD_SPECS.audio!} value={block.value} onChange={onChange} onSet={onSet} />
    </>
  )
}
