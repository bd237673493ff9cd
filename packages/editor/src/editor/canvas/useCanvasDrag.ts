// Dragging on the canvas: a block's grip drags it to another place (within or across sections) with a drop
// indicator line; image files dropped from the desktop become image blocks there, or join the gallery under the
// pointer.
import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react'
import type { PageDocument } from '../core/document.js'
import type { EditorStore } from '../core/store.js'
import { moveBlockTo, placeOf, type Place } from './canvasActions.js'
import { blockAt, frameDocument } from './frameDom.js'

interface Options {
  frame: RefObject<HTMLIFrameElement | null>
  store: EditorStore
  doc: PageDocument
  onDropFiles(files: File[], place: Place, galleryId: string | null): void
  announce(text: string): void
}

const MARKS = ['data-sw-drop-before', 'data-sw-drop-after', 'data-sw-drop-into']

function clearMarks(d: Document) {
  for (const m of MARKS) for (const el of Array.from(d.querySelectorAll(`[${m}]`))) el.removeAttribute(m)
}

/** The place under a point of the frame (frame coordinates), marking it with the drop indicator. */
function placeAt(d: Document, doc: PageDocument, x: number, y: number): { place: Place; blockId: string | null } | null {
  clearMarks(d)
  const hit = blockAt(d, x, y)
  if (hit) {
    const at = placeOf(doc, hit.el.dataset.blockId!)
    if (!at) return null
    hit.el.setAttribute(hit.after ? 'data-sw-drop-after' : 'data-sw-drop-before', '')
    return { place: { sectionId: at.sectionId, index: at.index + (hit.after ? 1 : 0) }, blockId: hit.el.dataset.blockId! }
  }
  const section = d.elementFromPoint(x, y)?.closest<HTMLElement>('[data-section-id]')
  const s = section ? doc.sections.find((x2) => x2.id === section.dataset.sectionId) : undefined
  if (!section || !s) return null
  section.setAttribute('data-sw-drop-into', '')
  return { place: { sectionId: s.id, index: s.blocks.length }, blockId: null }
}

export function useCanvasDrag(o: Options) {
  const live = useRef(o)
  live.current = o
  const dragging = useRef<string | null>(null)

  const frameDoc = () => frameDocument(o.frame.current)
  const toFrame = (clientX: number, clientY: number) => {
    const r = o.frame.current!.getBoundingClientRect()
    return { x: clientX - r.left, y: clientY - r.top }
  }

  // Files dragged from the desktop arrive in the frame's document.
  useEffect(() => {
    const iframe = o.frame.current
    if (!iframe) return
    const attach = () => {
      const d = frameDocument(iframe)
      if (!d) return () => undefined
      const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files')
      const over = (e: DragEvent) => {
        if (!hasFiles(e)) return
        e.preventDefault()
        placeAt(d, live.current.doc, e.clientX, e.clientY)
      }
      const leave = () => clearMarks(d)
      const drop = (e: DragEvent) => {
        if (!hasFiles(e)) return
        e.preventDefault()
        const target = placeAt(d, live.current.doc, e.clientX, e.clientY)
        clearMarks(d)
        const files = Array.from(e.dataTransfer?.files ?? []).filter((f) => f.type.startsWith('image/'))
        if (!files.length) return live.current.announce('Only image files can be dropped here.')
        const last = live.current.doc.sections[live.current.doc.sections.length - 1]
        const place = target?.place ?? (last ? { sectionId: last.id, index: last.blocks.length } : null)
        if (!place) return
        const under = target?.blockId ? live.current.doc.sections.flatMap((s) => s.blocks).find((b) => b.id === target.blockId) : undefined
        live.current.onDropFiles(files, place, under?.typeName === 'gallery' ? under.id : null)
      }
      d.addEventListener('dragover', over)
      d.addEventListener('dragleave', leave)
      d.addEventListener('drop', drop)
      return () => {
        d.removeEventListener('dragover', over)
        d.removeEventListener('dragleave', leave)
        d.removeEventListener('drop', drop)
      }
    }
    let detach = attach()
    const onLoad = () => {
      detach()
      detach = attach()
    }
    iframe.addEventListener('load', onLoad)
    return () => {
      iframe.removeEventListener('load', onLoad)
      detach()
    }
  }, [o.frame])

  return {
    stageProps: {},
    gripProps: (id: string) => ({
      onPointerDown(e: ReactPointerEvent<HTMLElement>) {
        e.preventDefault()
        e.currentTarget.setPointerCapture(e.pointerId)
        dragging.current = id
      },
      onPointerMove(e: ReactPointerEvent<HTMLElement>) {
        const d = frameDoc()
        if (!dragging.current || !d) return
        const { x, y } = toFrame(e.clientX, e.clientY)
        placeAt(d, live.current.doc, x, y)
      },
      onPointerUp(e: ReactPointerEvent<HTMLElement>) {
        const d = frameDoc()
        const moving = dragging.current
        dragging.current = null
        if (!moving || !d) return
        const { x, y } = toFrame(e.clientX, e.clientY)
        const target = placeAt(d, live.current.doc, x, y)
        clearMarks(d)
        if (!target || target.blockId === moving) return
        live.current.store.dispatch(moveBlockTo, { id: moving, ...target.place })
        live.current.announce('Block moved.')
      },
      onPointerCancel() {
        dragging.current = null
        const d = frameDoc()
        if (d) clearMarks(d)
      },
    }),
  }
}
