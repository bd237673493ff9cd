// A page as one of its versions kept it, rendered by the site's theme (the canvas's render of that version), read
// only, in place of the canvas; with the way back to editing and Restore.
import { RotateCcw, X } from 'lucide-react'
import type { VersionSummary } from '../api/history.js'
import { personName, when } from './describe.js'
import './history.css'

export function versionPreviewUrl(siteId: string, versionId: string): string {
  return `/config/canvas?siteId=${encodeURIComponent(siteId)}&version=${encodeURIComponent(versionId)}`
}

interface Props {
  siteId: string
  version: VersionSummary
  width: number
  onClose(): void
  onRestore(): void
}

export function VersionPreview({ siteId, version, width, onClose, onRestore }: Props) {
  const label = `${when(version.createdAt)} by ${personName(version)}`
  return (
    <div className="canvas-stage version-preview">
      <div className="version-banner" role="region" aria-label="Version preview">
        <span>
          <strong>Preview</strong> of the version of {label}. Read only: nothing changes until you restore it.
        </span>
        <span className="version-banner-actions">
          {!version.deleted && (
            <button type="button" className="button primary small" onClick={onRestore}>
              <RotateCcw aria-hidden="true" size={15} /> Restore this version
            </button>
          )}
          <button type="button" className="button secondary small" onClick={onClose}>
            <X aria-hidden="true" size={15} /> Back to editing
          </button>
        </span>
      </div>
      <iframe
        title={`Preview: ${version.title} as of ${label}`}
        src={versionPreviewUrl(siteId, version.id)}
        style={width ? { width: `${width}px` } : undefined}
      />
    </div>
  )
}
