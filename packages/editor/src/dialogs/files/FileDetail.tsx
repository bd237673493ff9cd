// File Detail: rename a file and describe it (alt text); 'Please enter a file name' for an empty name and
// 'There was a problem while renaming your file.' when the rename fails.
import { useState } from 'react'
import type { FileAsset } from '../../api/files.js'
import { useServices } from '../../services/services.js'
import { Dialog } from '../../ui/Dialog.js'
import { FormAlert } from '../../ui/fields.js'
import { LineField, TextAreaField } from '../../ui/moreFields.js'
import { formatSize } from './sizes.js'
import { imageSrc } from '../../ui/imageSrc.js'

export const FILE_DETAIL_MESSAGES = {
  emptyName: 'Please enter a file name',
  renameFailed: 'There was a problem while renaming your file.',
} as const

interface Props {
  file: FileAsset
  onSaved(file: FileAsset): void
  onClose(): void
}

export function FileDetail({ file, onSaved, onClose }: Props) {
  const { files, siteId } = useServices()
  const [name, setName] = useState(file.filename)
  const [alt, setAlt] = useState(file.altText)
  const [error, setError] = useState<string | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function save() {
    const filename = name.trim()
    if (!filename) return setError(FILE_DETAIL_MESSAGES.emptyName)
    setBusy(true)
    const res = await files.update(siteId, file.id, { filename, altText: alt })
    setBusy(false)
    if (!res.ok) {
      if (res.error.fields.filename) return setError(res.error.fields.filename)
      return setAlert(FILE_DETAIL_MESSAGES.renameFailed)
    }
    onSaved(res.data.file)
  }

  return (
    <Dialog
      title="File Detail"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button primary" disabled={busy} onClick={() => void save()}>
            Save
          </button>
        </>
      }
    >
      <FormAlert message={alert} />
      {file.kind === 'image' && <img className="file-detail-preview" src={imageSrc(file, '300w')} alt="" />}
      <p className="muted">
        {file.mimeType} · {formatSize(file.size)}
        {file.originalSize ? ` · ${file.originalSize.replace('x', ' × ')}` : ''}
      </p>
      <LineField
        label="File name"
        value={name}
        max={255}
        error={error ?? undefined}
        onChange={(v) => {
          setName(v)
          setError(null)
          setAlert(null)
        }}
      />
      <TextAreaField label="Alt text" value={alt} rows={2} max={1000} onChange={setAlt} hint="Describes the image for people who cannot see it." />
    </Dialog>
  )
}
