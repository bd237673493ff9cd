// The canvas: the page's draft render (site theme and styles) in a frame filling the work area. Hover outlines a
// block, a click (or focus) selects it and shows a small toolbar at the block; text blocks are edited in place.
// Every action goes through the editor store (undo policies, autosave); the frame shows it at once and takes a
// fresh render after each save.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react'
import { kindOf } from '../blocks/catalog.js'
import { deleteBlock, duplicateBlock, moveBlockDown, moveBlockUp, selectBlock, updateBlock } from '../core/blockActions.js'
import { allBlocks, findBlock, type BlockTypeName, type PageDocument } from '../core/document.js'
import type { EditorStore } from '../core/store.js'
import { BlockPicker } from './BlockPicker.js'
import { insertBlockAt, placeOf, type Place } from './canvasActions.js'
import { canvasKey } from './canvasKeys.js'
import { BLOCK_SELECTOR, attrValue, blockElement, frameDocument, markBlocks, patchContent, prepareFrame, scrollIntoFrame, syncOrder, syncText } from './frameDom.js'
import { FormatBar, loadInPlaceEditor, useInPlaceText } from './InPlaceText.js'
import { IconButton } from './icons.js'
import { useCanvasDrag } from './useCanvasDrag.js'
import './canvas.css'

export const DEVICES = [
  { id: 'desktop', label: 'Desktop', width: 0 },
  { id: 'tablet', label: 'Tablet', width: 768 },
  { id: 'phone', label: 'Phone', width: 390 },
] as const
export type DeviceId = (typeof DEVICES)[number]['id']

export function canvasUrl(siteId: string, path: string): string {
  return `/config/canvas?siteId=${encodeURIComponent(siteId)}&path=${encodeURIComponent(path.replace(/^\/*/, '/'))}`
}

interface Props {
  siteId: string
  path: string
  title: string
  /** Changes after each save: the frame then takes a fresh render. */
  version: number | string | undefined
  store: EditorStore
  doc: PageDocument
  selectedId: string | null
  device: DeviceId
  onOpenSettings(): void
  onDropFiles(files: File[], place: Place, galleryId: string | null): void
  /** The block being edited in place, or null (the side panel then leaves that block's form out). */
  onEditing?(id: string | null): void
}

export function Canvas(p: Props) {
  const { store, doc, selectedId } = p
  const frame = useRef<HTMLIFrameElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const [loaded, setLoaded] = useState(0)
  const [editingId, setEditingId] = useState<string | null>(null)
  const [box, setBox] = useState<{ top: number; left: number; width: number; height: number } | null>(null)
  const [picker, setPicker] = useState<Place | null>(null)
  const [message, setMessage] = useState('')
  const src = canvasUrl(p.siteId, p.path)
  const live = useRef({ doc, selectedId, editingId })
  live.current = { doc, selectedId, editingId }

  const frameDoc = useCallback(() => frameDocument(frame.current), [])

  // The frame is laid out only once the page's stylesheets have loaded. Chromium lays a frame's document out before
  // the stylesheets of its head arrive (a top-level page waits for them): the canvas page was laid out once unstyled
  // (UA margins, half parsed) and then restyled, a layout shift of the whole frame (1.0 of it, 0.376 of Lighthouse's
  // CLS) whenever the theme's stylesheet was not cached yet. `visibility: hidden` on the frame did not help (its
  // document still counts the shift); until then the frame is `display: none` (it loads, but lays nothing out) and an
  // empty white box of the frame's size holds its place, so the editor around it does not move either. Cached, the
  // stylesheet is ready at the first check.
  const [styled, setStyled] = useState(false)
  useEffect(() => {
    setStyled(false)
    const want = new URL(src, window.location.href).href
    let tick = 0
    const check = () => {
      const d = frameDocument(frame.current)
      // the body exists once the head (and every stylesheet link of it) is parsed; `sheet` is set when one has loaded
      if (d && d.URL === want && Array.from(d.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]')).every((l) => l.sheet)) return setStyled(true)
      tick = requestAnimationFrame(check)
    }
    check()
    return () => cancelAnimationFrame(tick)
  }, [src])
  const focusBlock = useCallback((id: string | null) => {
    requestAnimationFrame(() => {
      const d = frameDoc()
      const el = d && id ? blockElement(d, id) : null
      if (!el) return
      el.focus({ preventScroll: true })
      scrollIntoFrame(el)
    })
  }, [frameDoc])

  // where the click that started editing was (frame coordinates): the caret goes there, as in a text editor
  const caretAt = useRef<{ left: number; top: number } | null>(null)
  // the block a press on the canvas was on: selecting it on press (focus) may scroll it into view and re-render the
  // canvas, so the release, and with it the click's target, can land elsewhere; the click still means that block
  const pressedBlock = useRef<string | null>(null)
  const startEditing = useCallback((id: string, at?: { left: number; top: number }) => {
    const b = findBlock(live.current.doc, id)
    if (b?.typeName === 'text') {
      void loadInPlaceEditor()
      caretAt.current = at ?? null
      setEditingId(id)
      setMessage('Editing text. Press Escape when done.')
    } else {
      p.onOpenSettings()
    }
  }, [p])

  // Where the selected block is on the stage (for the toolbar), kept up to date on scroll and resize.
  const measure = useCallback(() => {
    const d = frameDoc()
    const id = live.current.selectedId
    const el = d && id ? blockElement(d, id) : null
    if (!el || !frame.current) return setBox(null)
    const r = el.getBoundingClientRect()
    setBox({ top: frame.current.offsetTop + r.top, left: frame.current.offsetLeft + r.left, width: r.width, height: r.height })
  }, [frameDoc])

  // The frame's own events: selection by click and focus, keys, scroll.
  useEffect(() => {
    const d = frameDoc()
    if (!d) return
    prepareFrame(d)
    const win = d.defaultView!
    // a click on the block already selected before the press edits it (focus on press selects it first)
    let selectedAtPress: string | null = null
    const onPress = (e: PointerEvent) => {
      void loadInPlaceEditor() // the text editor's chunk loads while the owner reaches for a block
      selectedAtPress = live.current.selectedId
      pressedBlock.current = (e.target as Element).closest?.<HTMLElement>(BLOCK_SELECTOR)?.dataset.blockId ?? null
      performance.mark('sw-select-start')
    }
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element
      const editing = live.current.editingId
      if (editing && target.closest(`[data-block-id="${attrValue(editing)}"]`)) return
      e.preventDefault() // links and buttons of the page do not act on the canvas
      const pressed = pressedBlock.current
      pressedBlock.current = null
      const el = target.closest<HTMLElement>(BLOCK_SELECTOR) ?? (pressed ? blockElement(d, pressed) : null)
      if (editing) setEditingId(null)
      const id = el?.dataset.blockId ?? null
      if (!id) return store.dispatch(selectBlock, { id: null })
      if (id === selectedAtPress && findBlock(live.current.doc, id)?.typeName === 'text') return startEditing(id, { left: e.clientX, top: e.clientY })
      store.dispatch(selectBlock, { id })
      el!.focus({ preventScroll: true })
    }
    const onFocus = (e: FocusEvent) => {
      void loadInPlaceEditor()
      const el = (e.target as Element).closest?.<HTMLElement>(BLOCK_SELECTOR)
      if (el && el === e.target && el.dataset.blockId !== live.current.selectedId) store.dispatch(selectBlock, { id: el.dataset.blockId! })
    }
    const onKey = (e: KeyboardEvent) => {
      if (live.current.editingId && e.key.length === 1) {
        performance.clearMarks('sw-key')
        performance.mark('sw-key')
      }
      canvasKey(e, { store, editingId: live.current.editingId, startEditing, stopEditing: () => setEditingId(null), focusBlock, announce: setMessage })
    }
    const onSubmit = (e: Event) => e.preventDefault()
    d.addEventListener('pointerdown', onPress, true)
    d.addEventListener('click', onClick, true)
    d.addEventListener('focusin', onFocus)
    d.addEventListener('keydown', onKey)
    d.addEventListener('submit', onSubmit, true)
    win.addEventListener('scroll', measure, { passive: true })
    win.addEventListener('resize', measure)
    return () => {
      d.removeEventListener('pointerdown', onPress, true)
      d.removeEventListener('click', onClick, true)
      d.removeEventListener('focusin', onFocus)
      d.removeEventListener('keydown', onKey)
      d.removeEventListener('submit', onSubmit, true)
      win.removeEventListener('scroll', measure)
      win.removeEventListener('resize', measure)
    }
  }, [loaded, frameDoc, store, startEditing, focusBlock, measure])

  // Every change of the document shows in the frame at once.
  useLayoutEffect(() => {
    const d = frameDoc()
    if (!d) return
    syncOrder(d, doc)
    syncText(d, doc, editingId)
    markBlocks(d, doc, selectedId, editingId)
    measure()
    if (performance.getEntriesByName('sw-select-start', 'mark').length) {
      performance.measure('sw-select', 'sw-select-start')
      performance.clearMarks('sw-select-start')
    }
  }, [doc, selectedId, editingId, loaded, frameDoc, measure])

  useEffect(() => {
    const d = frameDoc()
    const el = d && selectedId ? blockElement(d, selectedId) : null
    if (el) scrollIntoFrame(el)
    const b = selectedId ? findBlock(doc, selectedId) : undefined
    if (b) {
      const blocks = allBlocks(doc)
      setMessage(`${kindOf(b.typeName)?.label ?? 'Other'} block ${blocks.indexOf(b) + 1} of ${blocks.length} selected. Enter edits, arrows move the selection, Escape deselects.`)
    }
    if (editingId && editingId !== selectedId) setEditingId(null)
    // only on a change of the selection
  }, [selectedId])

  // A fresh render after each save (not on the first load, which already is one).
  const shownVersion = useRef(p.version)
  useEffect(() => {
    if (shownVersion.current === p.version) return
    shownVersion.current = p.version
    const ctl = new AbortController()
    fetch(src, { credentials: 'same-origin', signal: ctl.signal })
      .then((r) => (r.ok ? r.text() : null))
      .then((html) => {
        const d = frameDoc()
        if (!html || !d) return
        patchContent(d, html, live.current.editingId)
        setLoaded((n) => n + 1)
      })
      .catch(() => undefined)
    return () => ctl.abort()
  }, [p.version, src, frameDoc])

  // In-place text editing.
  const d = frameDoc()
  const editingHost = editingId && d ? (blockElement(d, editingId)?.querySelector<HTMLElement>('.rich-text') ?? null) : null
  const editingBlock = editingId ? findBlock(doc, editingId) : undefined
  const textEditor = useInPlaceText(editingHost, String(editingBlock?.value.html ?? ''), (html) => editingId && store.dispatch(updateBlock, { id: editingId, value: { html }, field: 'html' }), caretAt)

  // when in-place editing ends (Escape, Done), the keyboard stays on that block (after the editor has gone)
  const wasEditing = useRef<string | null>(null)
  const onEditing = p.onEditing
  useEffect(() => {
    onEditing?.(editingId)
    const was = wasEditing.current
    wasEditing.current = editingId
    const d2 = frameDoc()
    if (was && !editingId && d2 && findBlock(live.current.doc, was)) blockElement(d2, was)?.focus({ preventScroll: true })
  }, [editingId, frameDoc, onEditing])

  const formatBar = useRef<HTMLDivElement>(null)
  const [formatHeight, setFormatHeight] = useState(40)
  useLayoutEffect(() => {
    const h = formatBar.current?.offsetHeight
    if (h && h !== formatHeight) setFormatHeight(h)
  })
  const blockToolbar = useRef<HTMLDivElement>(null)
  const [toolbarHeight, setToolbarHeight] = useState(36)
  useLayoutEffect(() => {
    const h = blockToolbar.current?.offsetHeight
    if (h && h !== toolbarHeight) setToolbarHeight(h)
  })

  const drag = useCanvasDrag({ frame, store, doc, onDropFiles: p.onDropFiles, announce: setMessage })

  const selected = selectedId ? findBlock(doc, selectedId) : undefined
  const blocks = allBlocks(doc)
  const index = selected ? blocks.indexOf(selected) : -1
  const label = selected ? (kindOf(selected.typeName)?.label ?? 'Other') : ''
  const width = DEVICES.find((x) => x.id === p.device)!.width
  // the block toolbar sits above the selected block's top right corner, clear of its text (inside the corner it
  // covered a narrow block's first line, so the second click of a double-click hit the toolbar and no editing began);
  // inside the corner only when the block starts at the top of the canvas. The format bar floats above the text being
  // edited, or below it when the block starts at the top of the canvas
  const toolbarAbove = box ? box.top - toolbarHeight - 4 : 0
  const toolbarStyle: CSSProperties | undefined = box ? { top: toolbarAbove >= 4 ? toolbarAbove : Math.max(4, box.top + 4), right: Math.max(4, (stage.current?.clientWidth ?? 0) - box.left - box.width + 4) } : undefined
  // (its own height measured: it wraps onto two rows on a narrow canvas, and a fixed 48 px then covered the first line)
  const above = box ? box.top - formatHeight - 8 : 0
  const formatStyle: CSSProperties | undefined = box ? { top: above >= 4 ? above : box.top + box.height + 8, left: Math.max(4, box.left) } : undefined
  const insertAfter = (): Place | null => (selected ? ((pl) => pl && { ...pl, index: pl.index + 1 })(placeOf(doc, selected.id)) : null)
  const lastSection = doc.sections[doc.sections.length - 1]

  function pick(typeName: BlockTypeName) {
    if (!picker) return
    store.dispatch(insertBlockAt, { ...picker, typeName })
    setPicker(null)
    setMessage(`${kindOf(typeName)?.label ?? ''} block added.`)
    const id = store.get().state.selectedId
    if (typeName === 'text' && id) setTimeout(() => startEditing(id), 0)
    else focusBlock(id)
  }

  return (
    <div className={`canvas-stage device-${p.device}`} ref={stage} {...drag.stageProps}>
      <iframe
        ref={frame}
        title={p.title}
        src={src}
        data-editor-canvas=""
        style={{ ...(width ? { width: `${width}px` } : {}), ...(styled ? {} : { display: 'none' }) }}
        onLoad={() => (setStyled(true), setLoaded((n) => n + 1))}
      />
      {!styled && <div className="canvas-frame-placeholder" aria-hidden="true" style={width ? { width: `${width}px` } : undefined} />}
      {selected && box && !editingId && (
        <div className="block-toolbar" ref={blockToolbar} role="toolbar" aria-label={`${label} block`} style={toolbarStyle}>
          <span className="block-toolbar-label" aria-hidden="true">
            {label}
          </span>
          <IconButton icon="edit" label={selected.typeName === 'text' ? 'Edit text' : 'Edit block'} onClick={() => startEditing(selected.id)} />
          <IconButton icon="settings" label="Settings" onClick={p.onOpenSettings} />
          <IconButton icon="up" label={moveBlockUp.label} disabled={index <= 0} onClick={() => store.dispatch(moveBlockUp, { id: selected.id })} />
          <IconButton icon="down" label={moveBlockDown.label} disabled={index >= blocks.length - 1} onClick={() => store.dispatch(moveBlockDown, { id: selected.id })} />
          <IconButton icon="duplicate" label={duplicateBlock.label} onClick={() => store.dispatch(duplicateBlock, { id: selected.id })} />
          <IconButton icon="delete" label={deleteBlock.label} danger onClick={() => store.dispatch(deleteBlock, { id: selected.id })} />
          <span className="drag-grip" aria-hidden="true" data-tip="Drag to move" {...drag.gripProps(selected.id)}>
            ⋮⋮
          </span>
        </div>
      )}
      {selected && box && !editingId && (
        <button type="button" className="insert-point" aria-label="Add a block below" data-tip="Add a block below" style={{ top: box.top + box.height + 2, left: box.left + box.width / 2 - 14 }} onClick={() => setPicker(insertAfter())}>
          +
        </button>
      )}
      {editingId && textEditor && box && (
        <div className="format-bar-wrap" ref={formatBar} style={formatStyle}>
          <FormatBar editor={textEditor} onDone={() => (setEditingId(null), focusBlock(editingId))} />
        </div>
      )}
      {lastSection && (
        <button type="button" className="button secondary small add-at-end" onClick={() => setPicker({ sectionId: lastSection.id, index: lastSection.blocks.length })}>
          + New block at the end
        </button>
      )}
      {picker && <BlockPicker onPick={pick} onClose={() => setPicker(null)} />}
      <p className="visually-hidden" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  )
}
