// The canvas document (the page's draft render, same origin as the editor): marking blocks for keyboard and screen
// readers, outlines, keeping its blocks in the document's order between saves, and patching in a fresh render.
import { kindOf } from '../blocks/catalog.js'
import type { PageDocument } from '../core/document.js'

export const BLOCK_SELECTOR = '[data-block-id]'

/** A value for a double-quoted attribute selector. */
export const attrValue = (v: string): string => v.replace(/["\\]/g, '\\$&')

const FRAME_CSS = `
[data-block-id] { position: relative; cursor: pointer; scroll-margin: 4rem; }
[data-block-id]:hover { outline: 2px dashed rgb(47 91 234 / 55%); outline-offset: 4px; }
[data-block-id][data-sw-selected] { outline: 2px solid #2f5bea; outline-offset: 4px; }
[data-block-id]:focus-visible { outline: 3px solid #2f5bea; outline-offset: 4px; }
[data-block-id][data-sw-editing] { cursor: text; outline: 2px solid #2f5bea; }
[data-sw-editing] .ProseMirror { outline: none; white-space: pre-wrap; word-wrap: break-word; min-height: 1.5em; }
[data-sw-editing] .ProseMirror p.is-empty:first-child::before { content: 'Type here…'; opacity: 0.5; }
[data-sw-drop-before]::before, [data-sw-drop-after]::after { content: ''; position: absolute; left: 0; right: 0; height: 4px; background: #2f5bea; border-radius: 2px; }
[data-sw-drop-before]::before { top: -6px; }
[data-sw-drop-after]::after { bottom: -6px; }
[data-section-id][data-sw-drop-into] { outline: 3px dashed #2f5bea; outline-offset: -3px; }
.sw-pending { padding: 1rem; border: 1px dashed #8a8f98; border-radius: 6px; color: #4b5058; font: 500 0.95rem system-ui, sans-serif; }
.layout-section-inner:empty { min-height: 4rem; }
a, button, input, select, textarea, summary { cursor: pointer; }
`

/**
 * An HTML element of any window: an `instanceof` against the canvas window's HTMLElement is not (it was false for
 * the canvas's own blocks while a block was typed in, so the blocks were taken as out of order and re-appended).
 */
const isElement = (n: unknown): n is HTMLElement => typeof n === 'object' && n !== null && (n as Node).nodeType === 1 && 'dataset' in n

/** The canvas document, when the frame shows the canvas (same origin) and has loaded it. */
export function frameDocument(frame: HTMLIFrameElement | null): Document | null {
  try {
    const doc = frame?.contentDocument ?? null
    return doc && doc.URL !== 'about:blank' && doc.body ? doc : null
  } catch {
    return null
  }
}

export function blockElement(doc: Document, id: string): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`[data-block-id="${attrValue(id)}"]`)
}

/** The editor's outline rules inside the canvas (once). */
export function prepareFrame(doc: Document): void {
  if (doc.getElementById('sitewright-canvas-style')) return
  const style = doc.createElement('style')
  style.id = 'sitewright-canvas-style'
  style.textContent = FRAME_CSS
  doc.head.appendChild(style)
}

const blockLabel = (typeName: string) => `${kindOf(typeName)?.label ?? 'Other'} block`

/** Every block focusable and named ("Text block 2 of 5"), the selected one marked. */
export function markBlocks(doc: Document, pageDoc: PageDocument, selectedId: string | null, editingId: string | null): void {
  const blocks = pageDoc.sections.flatMap((s) => s.blocks)
  blocks.forEach((b, i) => {
    const el = blockElement(doc, b.id)
    if (!el) return
    el.tabIndex = 0
    el.setAttribute('role', 'group')
    el.setAttribute('aria-roledescription', 'block')
    el.setAttribute('aria-label', `${blockLabel(b.typeName)} ${i + 1} of ${blocks.length}`)
    el.toggleAttribute('data-sw-selected', b.id === selectedId)
    el.toggleAttribute('data-sw-editing', b.id === editingId)
  })
}

/**
 * Puts the canvas's blocks in the document's order at once (moves, deletions, new blocks as placeholders), so every
 * action shows before its save; a fresh render replaces the placeholders after the save.
 */
export function syncOrder(doc: Document, pageDoc: PageDocument): void {
  const wanted = new Set<string>()
  for (const section of pageDoc.sections) {
    const sectionEl = doc.querySelector<HTMLElement>(`[data-section-id="${attrValue(section.id)}"]`)
    const inner = sectionEl?.querySelector<HTMLElement>('.layout-section-inner') ?? sectionEl
    for (const b of section.blocks) wanted.add(b.id)
    if (!inner) continue
    const shown = Array.from(inner.children).filter((c): c is HTMLElement => isElement(c) && c.matches(BLOCK_SELECTOR))
    // re-appending a focused element would blur it (and the text being typed): only when the order differs
    if (shown.length === section.blocks.length && shown.every((el, i) => el.dataset.blockId === section.blocks[i]!.id)) continue
    const els = section.blocks.map((b) => {
      const el = blockElement(doc, b.id)
      if (el) return el
      const pending = doc.createElement('div')
      pending.className = 'block sw-pending'
      pending.dataset.blockId = b.id
      pending.textContent = `New ${blockLabel(b.typeName).toLowerCase()}: it shows here once it is saved.`
      return pending
    })
    placeInOrder(inner, els, doc.activeElement)
  }
  for (const el of Array.from(doc.querySelectorAll<HTMLElement>(BLOCK_SELECTOR))) if (!wanted.has(el.dataset.blockId!)) el.remove()
}

/**
 * Puts `els` in this order inside `parent`, moving as little as it can: the block holding the focus (the text being
 * typed) stays where it is and the others are put around it, since moving it would blur it.
 */
function placeInOrder(parent: HTMLElement, els: HTMLElement[], active: Element | null): void {
  const fixed = active ? els.findIndex((el) => el.parentElement === parent && el.contains(active)) : -1
  if (fixed < 0) {
    for (const el of els) parent.appendChild(el)
    return
  }
  for (let i = fixed - 1; i >= 0; i--) if (els[i]!.nextElementSibling !== els[i + 1]) parent.insertBefore(els[i]!, els[i + 1]!)
  for (let i = fixed + 1; i < els.length; i++) if (els[i - 1]!.nextElementSibling !== els[i]) parent.insertBefore(els[i]!, els[i - 1]!.nextSibling)
}

/** Shows stored HTML of text blocks at once (edits in the side panel, undo), except the block being edited in place. */
export function syncText(doc: Document, pageDoc: PageDocument, editingId: string | null): void {
  for (const b of pageDoc.sections.flatMap((s) => s.blocks)) {
    if (b.id === editingId || (b.typeName !== 'text' && b.typeName !== 'html')) continue
    const target = blockElement(doc, b.id)?.querySelector<HTMLElement>('.rich-text')
    const html = String(b.value.html ?? '')
    if (target && target.dataset.swHtml !== html && target.innerHTML !== html) {
      target.innerHTML = html
      target.dataset.swHtml = html
    }
  }
}

/**
 * Replaces the page's content with a fresh render, keeping the element being edited in place (and its editor).
 * The kept block and its ancestors are never taken out of the document: a focused element that is detached, even
 * for a moment, loses the focus (and an IME composition), and the keys typed after it went to the canvas's body.
 * Only what is around them is replaced.
 */
export function patchContent(doc: Document, html: string, keepId: string | null): void {
  // parsed by the canvas's own parser: the page's style attributes fall under the canvas's policy, not the editor's
  const Parser = (doc.defaultView as (Window & typeof globalThis) | null)?.DOMParser ?? DOMParser
  const fresh = new Parser().parseFromString(html, 'text/html')
  const next = fresh.getElementById('content')
  const current = doc.getElementById('content')
  if (!next || !current) return
  const kept = keepId ? blockElement(doc, keepId) : null
  const focused = isElement(doc.activeElement) ? doc.activeElement.dataset.blockId : undefined
  const counterpart = kept ? next.querySelector<HTMLElement>(`[data-block-id="${attrValue(keepId!)}"]`) : null
  if (!kept || !counterpart || !current.contains(kept) || !patchAround(doc, current, next, kept, counterpart)) {
    current.replaceChildren(...Array.from(next.childNodes).map((n) => doc.importNode(n, true)))
    if (kept) blockElement(doc, keepId!)?.replaceWith(kept)
  }
  // keyboard users keep their place
  const again = focused && focused !== keepId ? blockElement(doc, focused) : null
  if (again) {
    again.tabIndex = 0
    again.focus({ preventScroll: true })
  }
}

/** The elements from `root` (excluded) down to `el` (included). */
function pathTo(root: Element, el: Element): Element[] {
  const path: Element[] = []
  for (let at: Element | null = el; at && at !== root; at = at.parentElement) path.unshift(at)
  return path
}

/**
 * Puts the fresh render's nodes around the kept block, level by level from `current` down, leaving the kept block
 * and each of its ancestors where they are (their attributes follow the fresh render). False, changing nothing, when
 * the fresh render has the block at another depth or in other elements.
 */
function patchAround(doc: Document, current: Element, next: Element, kept: Element, counterpart: Element): boolean {
  const mine = pathTo(current, kept)
  const theirs = pathTo(next, counterpart)
  if (mine.length !== theirs.length || mine.some((el, i) => el.tagName !== theirs[i]!.tagName)) return false
  let parent = current
  mine.forEach((stay, i) => {
    const match = theirs[i]!
    for (const n of Array.from(parent.childNodes)) if (n !== stay) n.remove()
    for (let n = match.previousSibling; n; n = n.previousSibling) parent.insertBefore(doc.importNode(n, true), parent.firstChild)
    for (let n = match.nextSibling; n; n = n.nextSibling) parent.appendChild(doc.importNode(n, true))
    if (stay !== kept) {
      for (const a of Array.from(stay.attributes)) if (!match.hasAttribute(a.name)) stay.removeAttribute(a.name)
      for (const a of Array.from(match.attributes)) if (stay.getAttribute(a.name) !== a.value) stay.setAttribute(a.name, a.value)
    }
    parent = stay
  })
  return true
}

/**
 * Scrolls the canvas (only the canvas: scrollIntoView would scroll the editor's page too, moving the block away
 * from under the pointer between the two clicks of a double-click) so that `el` is in view.
 */
export function scrollIntoFrame(el: HTMLElement): void {
  const win = el.ownerDocument.defaultView
  if (!win) return
  const r = el.getBoundingClientRect()
  const margin = 16
  const height = win.innerHeight
  if (r.top >= 0 && r.bottom <= height) return
  const by = r.height + 2 * margin > height || r.top < 0 ? r.top - margin : r.bottom - height + margin
  win.scrollBy({ top: by })
}

/** The block under a point of the canvas (frame coordinates), with whether the point is in its lower half. */
export function blockAt(doc: Document, x: number, y: number): { el: HTMLElement; after: boolean } | null {
  const hit = doc.elementFromPoint(x, y)
  const el = hit?.closest<HTMLElement>(BLOCK_SELECTOR)
  if (!el) return null
  const r = el.getBoundingClientRect()
  return { el, after: y > r.top + r.height / 2 }
}
