// Editing one page: toolbar, blocks, page settings and the live preview, with autosave and conflict handling.
import { useState, type KeyboardEvent } from 'react'
import type { Collection } from '../../api/content.js'
import { useUnsavedChanges } from '../../app/navigation.js'
import { PreviewFrame } from '../../preview/PreviewFrame.js'
import { useServices } from '../../services/services.js'
import { isApplePlatform, matchesShortcut } from '../core/actions.js'
import { addBlock } from '../core/blockActions.js'
import { allBlocks } from '../core/document.js'
import { incompleteBlocks } from '../core/layout.js'
import { AddBlockMenu } from './AddBlockMenu.js'
import { BlockList } from './BlockList.js'
import { ConflictDialog } from './ConflictDialog.js'
import { EditorToolbar } from './EditorToolbar.js'
import { PageSettings } from './PageSettings.js'
import { usePageEditor } from './usePageEditor.js'

interface Props {
  page: Collection
  onPageChanged(page: Collection): void
  autosaveDelayMs?: number
}

export function PageEditor({ page, onPageChanged, autosaveDelayMs }: Props) {
  const { site, content, siteId } = useServices()
  const { store, snapshot, autosave, saveState } = usePageEditor(page, autosaveDelayMs)
  const [tab, setTab] = useState<'blocks' | 'settings'>('blocks')
  const [publishing, setPublishing] = useState(false)
  const [publishError, setPublishError] = useState<string | null>(null)
  const [current, setCurrent] = useState(page)
  useUnsavedChanges(saveState.status !== 'saved')

  const doc = snapshot.state.doc
  const blocks = allBlocks(doc)
  const incomplete = incompleteBlocks(doc).length

  function onKeyDown(e: KeyboardEvent) {
    const apple = isApplePlatform()
    if (matchesShortcut(e, 'Mod+Z', apple)) {
      e.preventDefault()
      store.undo()
    } else if (matchesShortcut(e, 'Mod+Shift+Z', apple) || matchesShortcut(e, 'Mod+Y', apple)) {
      e.preventDefault()
      store.redo()
    }
  }

  async function publish() {
    setPublishing(true)
    setPublishError(null)
    await autosave.flush()
    const state = autosave.get()
    if (state.status !== 'saved') {
      setPublishing(false)
      return setPublishError('Save the page before publishing.')
    }
    const res = await content.updateCollection(siteId, current.id, { status: 'published' })
    setPublishing(false)
    if (!res.ok) return setPublishError(res.error.message)
    changed(res.data.collection)
  }

  function changed(next: Collection) {
    setCurrent(next)
    autosave.rebase(next.updatedOn)
    onPageChanged(next)
  }

  return (
    <div className="page-editor" onKeyDown={onKeyDown}>
      <div className="page-editor-head">
        <h1 id="section-title" tabIndex={-1}>
          {current.title}
        </h1>
        <span className={`status-pill ${current.status}`}>{current.status === 'published' ? 'Published' : STATUS[current.status]}</span>
      </div>
      <EditorToolbar
        canUndo={snapshot.canUndo}
        canRedo={snapshot.canRedo}
        onUndo={store.undo}
        onRedo={store.redo}
        save={saveState}
        onRetry={() => void autosave.flush()}
        published={current.status === 'published'}
        publishing={publishing}
        onPublish={() => void publish()}
        incomplete={incomplete}
      />
      {publishError && (
        <p className="alert" role="alert">
          {publishError}
        </p>
      )}
      <div className="tabs" role="tablist" aria-label="Page">
        <button type="button" role="tab" aria-selected={tab === 'blocks'} onClick={() => setTab('blocks')}>
          Blocks
        </button>
        <button type="button" role="tab" aria-selected={tab === 'settings'} onClick={() => setTab('settings')}>
          Settings
        </button>
      </div>
      {tab === 'blocks' ? (
        <div role="tabpanel" aria-label="Blocks">
          <BlockList store={store} blocks={blocks} selectedId={snapshot.state.selectedId} />
          <AddBlockMenu
            onAdd={(typeName) => {
              const sel = snapshot.state.selectedId
              const index = sel ? blocks.findIndex((b) => b.id === sel) + 1 : undefined
              store.dispatch(addBlock, index === undefined ? { typeName } : { typeName, index })
            }}
          />
        </div>
      ) : (
        <div role="tabpanel" aria-label="Settings">
          <PageSettings page={current} onSaved={changed} />
        </div>
      )}
      {current.status !== 'published' && (
        <p className="field-hint">This page is not published: visitors do not see it yet (the preview below shows it to you).</p>
      )}
      <PreviewFrame siteUrl={site.url} path={current.fullUrl} previewSiteId={siteId} version={saveState.version} title={`Preview of ${current.title}`} />
      {saveState.status === 'conflict' && (
        <ConflictDialog onReload={() => void autosave.resolveConflict('reload')} onOverwrite={() => void autosave.resolveConflict('overwrite')} />
      )}
    </div>
  )
}

const STATUS: Record<string, string> = { draft: 'Draft', scheduled: 'Scheduled', 'needs-review': 'Needs Review', private: 'Private' }
