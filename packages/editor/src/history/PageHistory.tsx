// The History tab of a page's side panel: the page's versions (who, when, what), each with Preview (the page as it
// was, rendered by the site's theme in place of the canvas) and Restore (a new version; the editor opens it).
import { Eye, EyeOff, RotateCcw } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useServices } from '../services/services.js'
import type { VersionSummary } from '../api/history.js'
import { VersionList } from './VersionList.js'
import './history.css'

interface Props {
  pageId: string
  generation: number
  previewingId: string | null
  onPreview(v: VersionSummary | null): void
  onRestore(v: VersionSummary): void
  notice: string | null
}

export function PageHistory({ pageId, generation, previewingId, onPreview, onRestore, notice }: Props) {
  const { history, siteId } = useServices()
  const [chosen, setChosen] = useState<string | null>(previewingId)
  const [newest, setNewest] = useState<string | null>(null)
  const loaded = useCallback((vs: VersionSummary[]) => setNewest(vs[0]?.id ?? null), [])
  return (
    <section className="page-history" aria-labelledby="page-history-title">
      <h2 id="page-history-title">Page history</h2>
      <p className="field-hint">
        Every save is kept. Open a version to see what changed, preview it, or bring it back.
      </p>
      {notice && (
        <p className="history-notice" role="status">
          {notice}
        </p>
      )}
      <VersionList
        api={history}
        siteId={siteId}
        filter={{ object: `page:${pageId}` }}
        generation={generation}
        chosenId={chosen}
        onChoose={setChosen}
        onLoaded={loaded}
        actions={(v) => (
          <>
            <button
              type="button"
              className="button secondary small"
              aria-pressed={previewingId === v.id}
              onClick={() => onPreview(previewingId === v.id ? null : v)}
            >
              {previewingId === v.id ? (
                <EyeOff aria-hidden="true" size={15} />
              ) : (
                <Eye aria-hidden="true" size={15} />
              )}
              {previewingId === v.id ? 'Close preview' : 'Preview'}
            </button>
            {!v.deleted && v.id !== newest && (
              <button type="button" className="button secondary small" onClick={() => onRestore(v)}>
                <RotateCcw aria-hidden="true" size={15} /> Restore this version
              </button>
            )}
          </>
        )}
      />
    </section>
  )
}
