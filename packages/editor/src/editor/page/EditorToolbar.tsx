// Undo/redo, the autosave status, and publishing.
import type { AutosaveState } from '../core/autosave.js'
import { isApplePlatform, shortcutLabel } from '../core/actions.js'

const SAVE_TEXT: Record<AutosaveState<number>['status'], string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  conflict: 'Not saved: changed elsewhere',
  error: 'Not saved',
}

interface Props {
  canUndo: boolean
  canRedo: boolean
  onUndo(): void
  onRedo(): void
  save: AutosaveState<number>
  onRetry(): void
  published: boolean
  onPublish(): void
  publishing: boolean
  incomplete: number
}

export function EditorToolbar(p: Props) {
  const apple = isApplePlatform()
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Page editing">
      <button type="button" className="button secondary small" disabled={!p.canUndo} onClick={p.onUndo} title={shortcutLabel('Mod+Z', apple)}>
        Undo
      </button>
      <button type="button" className="button secondary small" disabled={!p.canRedo} onClick={p.onRedo} title={shortcutLabel('Mod+Shift+Z', apple)}>
        Redo
      </button>
      <span className={`save-state ${p.save.status}`} role="status">
        {SAVE_TEXT[p.save.status]}
        {p.save.status === 'error' && p.save.error ? `: ${p.save.error}` : ''}
        {p.incomplete > 0 && p.save.status !== 'error' ? ` (${p.incomplete} incomplete block${p.incomplete > 1 ? 's' : ''} not saved)` : ''}
      </span>
      {p.save.status === 'error' && (
        <button type="button" className="button secondary small" onClick={p.onRetry}>
          Try again
        </button>
      )}
      <button type="button" className="button primary small publish" disabled={p.publishing} onClick={p.onPublish}>
        {p.published ? 'Update' : 'Publish'}
      </button>
    </div>
  )
}
