// Product images: picked from the site's files (GET /api/sites/:siteId/files) or uploaded there; the first is the
// main image. Order can be changed and images removed.
import { useCallback, useEffect, useId, useState } from 'react'
import { useCommerce } from '../context.js'
import type { FileAsset } from '@sitewright/contracts'
import { imageSrc } from '../../ui/imageSrc.js'

export const MAX_IMAGES = 50

interface Props {
  imageIds: string[]
  error?: string | undefined
  onChange(ids: string[]): void
  /** Default 'Images' with up to MAX_IMAGES, the first the main image; e.g. 'Social image' with max 1. */
  legend?: string
  max?: number
  hint?: string
}

export function ImagesField({ imageIds, error, onChange, legend = 'Images', max = MAX_IMAGES, hint }: Props) {
  const { api } = useCommerce()
  const id = useId()
  const [library, setLibrary] = useState<FileAsset[] | null>(null)
  const [libraryError, setLibraryError] = useState<string | null>(null)
  const [picking, setPicking] = useState(false)
  const [query, setQuery] = useState('')
  const [uploading, setUploading] = useState(false)

  const fetchLibrary = useCallback(
    async (q: string) => {
      const res = await api.files(q)
      if (res.ok) {
        setLibraryError(null)
        setLibrary(res.data)
      } else setLibraryError(res.error.message)
    },
    [api],
  )
  useEffect(() => {
    void fetchLibrary('')
  }, [fetchLibrary])

  const byId = new Map((library ?? []).map((f) => [f.id, f]))
  const move = (i: number, d: number) => {
    const next = [...imageIds]
    const [x] = next.splice(i, 1)
    next.splice(i + d, 0, x!)
    onChange(next)
  }

  async function upload(file: File) {
    setUploading(true)
    const res = await api.upload(file)
    setUploading(false)
    if (!res.ok) return setLibraryError(res.error.message)
    setLibrary((l) => [res.data, ...(l ?? [])])
    onChange([...imageIds, res.data.id])
  }

  return (
    <fieldset className="images-field">
      <legend>{legend}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      {imageIds.length === 0 && <p className="field-hint">No images yet.</p>}
      <ul className="thumbs">
        {imageIds.map((fid, i) => {
          const f = byId.get(fid)
          return (
            <li key={fid}>
              {f ? <img src={imageSrc(f, '100w')} alt={f.altText || f.filename} /> : <span className="thumb-missing">{fid}</span>}
              {i === 0 && max > 1 && <span className="field-hint">Main image</span>}
              <button type="button" className="button secondary small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move image ${i + 1} earlier`}>
                ←
              </button>
              <button type="button" className="button secondary small" disabled={i === imageIds.length - 1} onClick={() => move(i, 1)} aria-label={`Move image ${i + 1} later`}>
                →
              </button>
              <button type="button" className="button secondary small" onClick={() => onChange(imageIds.filter((x) => x !== fid))} aria-label={`Remove image ${i + 1}`}>
                Remove
              </button>
            </li>
          )
        })}
      </ul>
      {error && (
        <p className="field-error" data-field-error>
          {error}
        </p>
      )}
      <div className="toolbar">
        <button type="button" className="button secondary small" disabled={imageIds.length >= max} onClick={() => setPicking((p) => !p)} aria-expanded={picking}>
          Add from files
        </button>
        <label className="button secondary small" htmlFor={`${id}-up`}>
          {uploading ? 'Uploading…' : 'Upload image'}
        </label>
        <input
          id={`${id}-up`}
          className="visually-hidden"
          type="file"
          accept="image/*"
          disabled={uploading || imageIds.length >= max}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void upload(file)
          }}
        />
      </div>
      {libraryError && (
        <p className="field-error" role="alert">
          {libraryError}
        </p>
      )}
      {picking && (
        <div className="picker">
          <label htmlFor={`${id}-q`}>Search files</label>
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value)
              void fetchLibrary(e.target.value)
            }}
          />
          {library && library.length === 0 && <p>No images found.</p>}
          <ul className="thumbs">
            {(library ?? [])
              .filter((f) => !imageIds.includes(f.id))
              .map((f) => (
                <li key={f.id}>
                  <button
                    type="button"
                    className="thumb-pick"
                    disabled={imageIds.length >= max}
                    onClick={() => {
                      onChange([...imageIds, f.id])
                      if (imageIds.length + 1 >= max) setPicking(false)
                    }}
                    aria-label={`Add ${f.filename}`}
                  >
                    <img src={imageSrc(f, '100w')} alt="" />
                  </button>
                </li>
              ))}
          </ul>
        </div>
      )}
    </fieldset>
  )
}
