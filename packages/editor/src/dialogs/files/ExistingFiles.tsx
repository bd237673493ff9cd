// Existing Files: browse and search the site's files, pick one to reuse, upload a new one, or open its details.
import { useCallback, useEffect, useId, useState } from 'react'
import type { FileAsset } from '../../api/files.js'
import { useServices } from '../../services/services.js'
import { Dialog } from '../../ui/Dialog.js'
import { FileDetail } from './FileDetail.js'
import { formatSize } from './sizes.js'
import { UploadButton } from './UploadButton.js'
import { UNABLE_TO_LOAD_RESULTS } from '../../ui/loadErrors.js'
import { imageSrc } from '../../ui/imageSrc.js'

export const FILE_LIST_ERROR = UNABLE_TO_LOAD_RESULTS

interface Props {
  /** Only files of this kind ('image', 'audio', ...) can be picked. */
  kind?: string
  onPick(file: FileAsset): void
  onClose(): void
}

export function ExistingFiles({ kind, onPick, onClose }: Props) {
  const { files, siteId } = useServices()
  const searchId = useId()
  const [query, setQuery] = useState('')
  const [list, setList] = useState<FileAsset[] | null>(null)
  const [cursor, setCursor] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [detail, setDetail] = useState<FileAsset | null>(null)

  const load = useCallback(
    async (q: string, after?: string) => {
      setError(null)
      const res = await files.list(siteId, { query: q || undefined, cursor: after } as { query?: string; cursor?: string })
      if (!res.ok) return setError(FILE_LIST_ERROR)
      setList((prev) => (after && prev ? [...prev, ...res.data.files] : res.data.files))
      setCursor(res.data.nextCursor)
    },
    [files, siteId],
  )

  useEffect(() => {
    const t = setTimeout(() => void load(query), query ? 250 : 0)
    return () => clearTimeout(t)
  }, [query, load])

  const shown = (list ?? []).filter((f) => !kind || f.kind === kind)
  return (
    <Dialog title="Existing Files" onClose={onClose} wide actions={<button type="button" className="button secondary" onClick={onClose}>Close</button>}>
      <div className="files-toolbar">
        <label htmlFor={searchId} className="visually-hidden">
          Search files
        </label>
        <input id={searchId} type="search" placeholder="Search files" value={query} onChange={(e) => setQuery(e.target.value)} />
        <UploadButton label="Upload" accept={kind === 'image' ? 'image/*' : kind === 'audio' ? 'audio/*' : undefined} onUploaded={(f) => setList((l) => [f, ...(l ?? [])])} />
      </div>
      {error && (
        <p role="alert" className="alert">
          {error}{' '}
          <button type="button" className="button secondary small" onClick={() => void load(query)}>
            Try again
          </button>
        </p>
      )}
      {list === null && !error && <p role="status">Loading…</p>}
      {list !== null && shown.length === 0 && <p className="muted">No files{query ? ` match “${query}”` : ' yet'}.</p>}
      <ul className="file-grid">
        {shown.map((f) => (
          <li key={f.id}>
            <button type="button" className="file-tile" onClick={() => onPick(f)} aria-label={`Use ${f.filename}`}>
              {f.kind === 'image' ? <img src={imageSrc(f, '300w')} alt="" loading="lazy" /> : <span className="file-icon">{f.kind}</span>}
              <span className="file-name">{f.filename}</span>
              <span className="muted">{formatSize(f.size)}</span>
            </button>
            <button type="button" className="link-button" onClick={() => setDetail(f)} aria-label={`Details of ${f.filename}`}>
              Details
            </button>
          </li>
        ))}
      </ul>
      {cursor && (
        <button type="button" className="button secondary small" onClick={() => void load(query, cursor)}>
          Load more
        </button>
      )}
      {detail && (
        <FileDetail
          file={detail}
          onClose={() => setDetail(null)}
          onSaved={(f) => {
            setList((l) => (l ?? []).map((x) => (x.id === f.id ? f : x)))
            setDetail(null)
          }}
        />
      )}
    </Dialog>
  )
}
