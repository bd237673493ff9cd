// Editing one page on its canvas: toolbar, the page's draft render filling the work area, and a collapsible side
// panel (blocks with the selected block's settings, page settings, the page's history), with autosave and conflict
// handling. A version from the history previews in place of the canvas; restoring one opens the editor anew on it.
import { useEffect, useState, type KeyboardEvent } from 'react'
import { History as HistoryIcon } from 'lucide-react'
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
import { ConfirmDialog } from '../../ui/ConfirmDialog.js'
import type { VersionSummary } from '../../api/history.js'
import { PageHistory } from '../../history/PageHistory.js'
import { VersionPreview } from '../../history/VersionPreview.js'
import { personName, when } from '../../history/describe.js'

interface Props {
  page: Collection
  onPageChanged(page: Collection): void
  autosaveDelayMs?: number
}

type Tab = 'blocks' | 'settings' | 'history'

/** The editor of one page; a restore from its history opens it anew on the restored page (the History tab open). */
export function PageEditor({ page, onPageChanged, autosaveDelayMs }: Props) {
  const [opened, setOpened] = useState<{ page: Collection; generation: number; notice: string | null }>({ page, generation: 0, notice: null })
  return (
    <PageEditorBody
      key={opened.generation}
      page={opened.page}
      generation={opened.generation}
      notice={opened.notice}
      onPageChanged={onPageChanged}
      onRestored={(next, notice) => {
        onPageChanged(next)
        setOpened((o) => ({ page: next, generation: o.generation + 1, notice }))
      }}
      {...(autosaveDelayMs !== undefined ? { autosaveDelayMs } : {})}
    />
  )
}

interface BodyProps extends Props {
  generation: number
  /** Said in the History tab (opened with it) after a restore. */
  notice: string | null
  onRestored(page: Collection, notice: string): void
}

function PageEditorBody({ page, onPageChanged, autosaveDelayMs, generation, notice, onRestored }: BodyProps) {
  const { site, content, siteId, history } = useServices()
  const { store, snapshot, autosave, saveState } = usePageEditor(page, autosaveDelayMs)
  const [tab, setTab] = useState<Tab>(notice ? 'history' : 'blocks')
  const [preview, setPreview] = useState<VersionSummary | null>(null)
  const [restoring, setRestoring] = useState<VersionSummary | null>(null)
  const [restoreError, setRestoreError] = useState<string | null>(null)
  const [publishing, setPublishing] = useState(false)
  const [publishError, setPublishError] = useState<string | null>(null)
  const [current, setCurrent] = useState(page)
  const [device, setDevice] = useState<DeviceId>('desktop')
  // opened anew after a restore: with the History tab showing what was done
  const [panelOpen, setPanelOpen] = useState(() => notice !== null || typeof window === 'undefined' || panelStartsOpen(window.innerWidth, document.cookie))
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

  async function restore(v: VersionSummary) {
    setRestoring(null)
    setRestoreError(null)
    await autosave.flush()
    const res = await history.restore(siteId, v.id)
    if (!res.ok) return setRestoreError(res.error.message)
    const fresh = await content.collection(siteId, current.id)
    if (!fresh.ok) return setRestoreError(fresh.error.message)
    onRestored(fresh.data.collection, `Restored the version of ${when(v.createdAt)}. The page before it is kept in the history.`)
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
      {restoreError && (
        <p className="alert" role="alert">
          {restoreError}
        </p>
      )}
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
        <button type="button" className="button secondary small history-toggle" aria-pressed={panelOpen && tab === 'history'} onClick={() => {
            setTab('history')
            setPanelOpen(true)
          }}>
          <HistoryIcon aria-hidden="true" size={15} /> History
        </button>
        <button type="button" className="button secondary small panel-toggle" aria-expanded={panelOpen} aria-controls="page-panel" onClick={togglePanel}>
          {panelOpen ? 'Hide panel' : 'Show panel'}
        </button>
      </div>
      <div className={`workbench${panelOpen ? ' with-panel' : ''}`}>
        {preview ? (
          <VersionPreview siteId={siteId} version={preview} width={DEVICES.find((d) => d.id === device)?.width ?? 0} onClose={() => setPreview(null)} onRestore={() => setRestoring(preview)} />
        ) : (
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
        )}
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
                <button type="button" role="tab" aria-selected={tab === 'history'} onClick={() => setTab('history')}>
                  History
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
              ) : tab === 'settings' ? (
                <div role="tabpanel" aria-label="Settings">
                  <PageSettings page={current} onSaved={changed} />
                </div>
              ) : (
                <div role="tabpanel" aria-label="History">
                  <PageHistory pageId={current.id} generation={generation} previewingId={preview?.id ?? null} onPreview={setPreview} onRestore={setRestoring} notice={notice} />
                </div>
              )}
            </>
          )}
        </aside>
      </div>
      {dropped.view}
      {restoring && (
        <ConfirmDialog
          title="Restore this version?"
          message={`The page goes back to how it was on ${when(restoring.createdAt)} (saved by ${personName(restoring)}). Nothing is lost: the page as it is now stays in its history. Publish afterwards to show it to visitors.`}
          confirmLabel="Restore"
          cancelLabel="Cancel"
          onCancel={() => setRestoring(null)}
          onConfirm={() => void restore(restoring)}
        />
      )}
      {saveState.status === 'conflict' && (
        <ConflictDialog onReload={() => void autosave.resolveConflict('reload')} onOverwrite={() => void autosave.resolveConflict('overwrite')} />
      )}
    </div>
  )
}

const STATUS: Record<string, string> = { draft: 'Draft', scheduled: 'Scheduled', 'needs-review': 'Needs Review', private: 'Private' }
