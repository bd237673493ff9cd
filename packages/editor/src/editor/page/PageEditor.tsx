// Editing one page on its canvas: toolbar, the page's draft render filling the work area, and a collapsible side
// panel (blocks with the selected block's settings, page settings), with autosave and conflict handling.
import { useEffect, useState, type KeyboardEvent } from 'react'
import type { Collection } from '../../api/content.js'
import { useUnsavedChanges } from '../../app/navigation.js'
import { useServices } from '../../services/services.js'
import { isApplePlatform, matchesShortcut } from '../core/actions.js'
import { addBlock } from '../core/blockActions.js'
import { allBlocks } from '../core/document.js'
import { incompleteBlocks } from '../core/layout.js'
import { Canvas, DEVICES, type DeviceId } from '../canvas/Canvas.js'
import { PANEL_BESIDE_MIN_WIDTH, expandedFrameCookie, panelStartsOpen } from './expandedFrame.js'
import { useDroppedImages } from '../canvas/DroppedImages.js'
import { attrValue } from '../canvas/frameDom.js'
import { ArrangeBlocks } from '../canvas/ArrangeBlocks.js'
import { SectionsPanel } from '../canvas/SectionsPanel.js'
import { previewUrl } from '../../preview/PreviewFrame.js'
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
  const [device, setDevice] = useState<DeviceId>('desktop')
  const [panelOpen, setPanelOpen] = useState(() => typeof window === 'undefined' || panelStartsOpen(window.innerWidth, document.cookie))
  // the panel's button: hiding it beside the canvas expands the frame, remembered for the next page editor
  const togglePanel = () => {
    const open = !panelOpen
    setPanelOpen(open)
    if (window.innerWidth >= PANEL_BESIDE_MIN_WIDTH) document.cookie = expandedFrameCookie(!open, location.protocol === 'https:')
  }
  const dropped = useDroppedImages(store)
  const [editingInPlace, setEditingInPlace] = useState<string | null>(null)
  useUnsavedChanges(saveState.status !== 'saved')

  const doc = snapshot.state.doc
  const blocks = allBlocks(doc)
  const incomplete = incompleteBlocks(doc).length

  function openSettings() {
    setTab('blocks')
    setPanelOpen(true)
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.block-card.selected .block-editor :is(input, textarea, select, button, [contenteditable])')?.focus())
  }

  // the selected block's settings come into view in the side panel
  const selectedId = snapshot.state.selectedId
  useEffect(() => {
    if (selectedId) document.querySelector(`.block-card[data-block-id="${attrValue(selectedId)}"]`)?.scrollIntoView?.({ block: 'nearest' })
  }, [selectedId])

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
        <h1 id="section-title" tabIndex={-1} title={current.title}>
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
      <div className="canvas-bar">
        <div role="radiogroup" aria-label="Device" className="segmented">
          {DEVICES.map((d) => (
            <label key={d.id} className={device === d.id ? 'active' : undefined}>
              <input type="radio" name="canvas-device" checked={device === d.id} onChange={() => setDevice(d.id)} />
              {d.label}
            </label>
          ))}
        </div>
        {current.status !== 'published' && <span className="field-hint">Not published yet: visitors do not see this page.</span>}
        <a href={previewUrl(site.url, current.fullUrl)} target="_blank" rel="noreferrer">
          Open page
        </a>
        <button type="button" className="button secondary small panel-toggle" aria-expanded={panelOpen} aria-controls="page-panel" onClick={togglePanel}>
          {panelOpen ? 'Hide panel' : 'Show panel'}
        </button>
      </div>
      <div className={`workbench${panelOpen ? ' with-panel' : ''}`}>
        <Canvas
          siteId={siteId}
          path={current.fullUrl}
          title={`Canvas: ${current.title}`}
          version={saveState.version}
          store={store}
          doc={doc}
          selectedId={snapshot.state.selectedId}
          device={device}
          onOpenSettings={openSettings}
          onDropFiles={dropped.drop}
          onEditing={setEditingInPlace}
        />
        {/* its content is made only while it is open (on a phone it starts closed: nothing to render for it first) */}
        <aside id="page-panel" className="side-panel" aria-label="Page panel" hidden={!panelOpen}>
          {panelOpen && (
            <>
              <div className="tabs" role="tablist" aria-label="Page">
                <button type="button" role="tab" aria-selected={tab === 'blocks'} onClick={() => setTab('blocks')}>
                  Blocks
                </button>
                <button type="button" role="tab" aria-selected={tab === 'settings'} onClick={() => setTab('settings')}>
                  Settings
                </button>
              </div>
              <button type="button" className="link-button sheet-close" onClick={() => setPanelOpen(false)}>
                Close panel
              </button>
              {tab === 'blocks' ? (
                <div role="tabpanel" aria-label="Blocks">
                  <BlockList store={store} blocks={blocks} selectedId={snapshot.state.selectedId} editingInPlace={editingInPlace} />
                  <AddBlockMenu
                    onAdd={(typeName) => {
                      const sel = snapshot.state.selectedId
                      const index = sel ? blocks.findIndex((b) => b.id === sel) + 1 : undefined
                      store.dispatch(addBlock, index === undefined ? { typeName } : { typeName, index })
                    }}
                  />
                  <SectionsPanel store={store} doc={doc} />
                  <ArrangeBlocks store={store} doc={doc} />
                </div>
              ) : (
                <div role="tabpanel" aria-label="Settings">
                  <PageSettings page={current} onSaved={changed} />
                </div>
              )}
            </>
          )}
        </aside>
      </div>
      {dropped.view}
      {saveState.status === 'conflict' && (
        <ConflictDialog onReload={() => void autosave.resolveConflict('reload')} onOverwrite={() => void autosave.resolveConflict('overwrite')} />
      )}
    </div>
  )
}

const STATUS: Record<string, string> = { draft: 'Draft', scheduled: 'Scheduled', 'needs-review': 'Needs Review', private: 'Private' }
