// The site icon (favicon): an image of the site's files, or the default icon (the title's first letter). The
// choice is saved with the other settings (iconImageId); /favicon.ico serves it on the site.
import { useEffect, useId, useMemo, useState } from 'react'
import { createApiClient } from '../api/client.js'
import { createFilesApi, type FileAsset, type FilesApi } from '../api/files.js'
import type { SiteId } from '../api/types.js'
import { imageSrc } from '../ui/imageSrc.js'

interface Props {
  siteId: SiteId
  value: string | null
  onChange(id: string | null): void
  error?: string | undefined
  /** Tests pass their own. */
  files?: FilesApi
}

const isImage = (f: FileAsset) => f.kind === 'image' || f.kind === 'svg'

export function SiteIconField({ siteId, value, onChange, error, files }: Props) {
  const api = useMemo(() => files ?? createFilesApi(createApiClient()), [files])
  const id = useId()
  const [images, setImages] = useState<FileAsset[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)

  useEffect(() => {
    let live = true
    void api.list(siteId).then((res) => {
      if (!live) return
      if (res.ok) setImages(res.data.files.filter(isImage))
      else setProblem(res.error.message)
    })
    return () => {
      live = false
    }
  }, [api, siteId])

  async function upload(file: File) {
    setUploading(true)
    setProblem(null)
    const res = await api.upload(siteId, file)
    setUploading(false)
    if (res.kind !== 'stored') return setProblem(res.kind === 'error' ? (res.message ?? 'The upload failed.') : 'The upload did not finish.')
    if (!isImage(res.file)) return setProblem('Choose an image file (PNG, JPEG, GIF, WebP or SVG).')
    setImages((list) => [res.file, ...(list ?? [])])
    onChange(res.file.id)
  }

  const current = images?.find((f) => f.id === value)
  return (
    <fieldset className="site-icon-field">
      <legend>Site icon</legend>
      <div className="site-icon-row">
        {current ? (
          <img className="site-icon-preview" src={imageSrc(current, '100w')} alt="" width={48} height={48} />
        ) : (
          <span className="site-icon-preview site-icon-default" aria-hidden="true">{value ? '?' : 'Aa'}</span>
        )}
        <div className="field">
          <label htmlFor={`${id}-icon`}>Icon image</label>
          <select id={`${id}-icon`} name="iconImageId" value={value ?? ''} aria-invalid={!!error} onChange={(e) => onChange(e.target.value || null)} disabled={images === null}>
            <option value="">Default icon (the first letter of the site title)</option>
            {value && !current && images !== null && <option value={value}>An image that is no longer in the files</option>}
            {(images ?? []).map((f) => (
              <option key={f.id} value={f.id}>{f.filename}</option>
            ))}
          </select>
          <p className="field-hint">Shown in browser tabs and bookmarks. A square image of at least 100 × 100 pixels works best.</p>
        </div>
      </div>
      <label className="button secondary small site-icon-upload">
        {uploading ? 'Uploading…' : 'Upload an image'}
        <input type="file" accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml" className="visually-hidden" disabled={uploading}
          onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void upload(f) }} />
      </label>
      {(error || problem) && <p className="field-error" role="alert">{error ?? problem}</p>}
    </fieldset>
  )
}
