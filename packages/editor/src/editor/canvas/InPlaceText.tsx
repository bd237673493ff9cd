// Text blocks edited in place: Tiptap mounts on the block's rich text inside the canvas (so what is typed shows in
// the site's own fonts and styles), with a floating format bar of icon buttons. Tiptap's own undo is off: typing
// reaches the editor store as 'merge-with-previous' steps, so each burst of typing is one undo step.
import type { Editor } from '@tiptap/react'
import { useEffect, useState, type RefObject } from 'react'
import { useTransactions } from '../page/useTransactions.js'
import { TextLinkEditor } from '../page/TextLinkEditor.js'
import { IconButton } from './icons.js'

let loading: Promise<typeof import('./inPlaceEditor.js')> | null = null
/** Starts loading the in-place editor's chunk (Tiptap); the same promise on every call. */
export function loadInPlaceEditor(): Promise<typeof import('./inPlaceEditor.js')> {
  loading ??= import('./inPlaceEditor.js')
  return loading
}

/**
 * Mounts Tiptap on `host` (the block's `.rich-text` element in the canvas) while `active`; returns the editor. The
 * caret starts at `caretAt` (the point clicked, frame coordinates) when there is one, else at the end.
 */
export function useInPlaceText(host: HTMLElement | null, html: string, onChange: (html: string) => void, caretAt?: RefObject<{ left: number; top: number } | null>): Editor | null {
  const [editor, setEditor] = useState<Editor | null>(null)
  useEffect(() => {
    if (!host) return
    let e: Editor | null = null
    const original = host.innerHTML
    let gone = false
    // Until Tiptap's chunk is here (it loads on the first press in the canvas), the host takes the keys itself: it is
    // editable at once with the caret where the owner clicked, so nothing typed meanwhile is lost; Tiptap then starts
    // from what is in it, with the caret where it was.
    host.contentEditable = 'true'
    host.focus({ preventScroll: true })
    placeCaret(host, caretAt?.current ?? null)
    void loadInPlaceEditor().then(({ createInPlaceEditor }) => {
      if (gone) return
      const typed = host.innerHTML
      const caret = textOffset(host)
      host.removeAttribute('contenteditable')
      host.replaceChildren()
      e = createInPlaceEditor(host, typed === original ? html : typed, (ed) => {
        onChange(ed.getHTML())
        // key to paint: from the keydown (marked by the canvas) to just after the next frame is painted
        if (performance.getEntriesByName('sw-key', 'mark').length) {
          requestAnimationFrame(() =>
            setTimeout(() => {
              if (!performance.getEntriesByName('sw-key', 'mark').length) return
              performance.measure('sw-key-paint', 'sw-key')
              performance.clearMarks('sw-key')
            }, 0),
          )
        }
      })
      setEditor(e)
      if (typed !== original) onChange(e.getHTML())
      e.commands.focus(caret === null ? 'end' : positionOfText(e, caret))
    })
    return () => {
      gone = true
      host.removeAttribute('contenteditable')
      if (!e) return
      const last = e.getHTML()
      e.destroy()
      setEditor(null)
      host.innerHTML = last || original
    }
    // the editor mounts once per host; later changes of `html` are applied below
  }, [host])

  // undo/redo (or an edit in the side panel) replaces the text being edited
  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.getHTML() !== html) editor.commands.setContent(html, { emitUpdate: false })
  }, [editor, html])
  return editor
}

/** Puts the caret of the host's document at `at` (frame coordinates) when it falls inside the host, else at its end. */
function placeCaret(host: HTMLElement, at: { left: number; top: number } | null): void {
  const doc = host.ownerDocument
  const sel = doc.getSelection()
  if (!sel) return
  const range = at ? doc.caretRangeFromPoint?.(at.left, at.top) : null
  if (range && host.contains(range.startContainer)) {
    sel.removeAllRanges()
    sel.addRange(range)
    return
  }
  sel.selectAllChildren(host)
  sel.collapseToEnd()
}

/** How many characters of the host's text come before the caret, or null when the caret is not in the host. */
function textOffset(host: HTMLElement): number | null {
  const sel = host.ownerDocument.getSelection()
  if (!sel || !sel.focusNode || !host.contains(sel.focusNode)) return null
  const before = host.ownerDocument.createRange()
  before.selectNodeContents(host)
  before.setEnd(sel.focusNode, sel.focusOffset)
  return before.toString().length
}

/** The editor position after `chars` characters of its text (the end when the text is shorter). */
function positionOfText(editor: Editor, chars: number): number {
  let left = chars
  let found: number | null = null
  editor.state.doc.descendants((node, pos) => {
    if (found !== null) return false
    if (!node.isText) return true
    const len = node.text?.length ?? 0
    if (left <= len) found = pos + left
    else left -= len
    return false
  })
  return found ?? editor.state.doc.content.size
}

export function FormatBar({ editor, onDone }: { editor: Editor; onDone(): void }) {
  const [linking, setLinking] = useState(false)
  useTransactions(editor)
  const chain = () => editor.chain().focus()
  return (
    <div className="format-bar" role="toolbar" aria-label="Format text">
      <IconButton icon="paragraph" label="Paragraph" pressed={editor.isActive('paragraph')} onClick={() => chain().setParagraph().run()} />
      <IconButton icon="h2" label="Heading" pressed={editor.isActive('heading', { level: 2 })} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <IconButton icon="h3" label="Subheading" pressed={editor.isActive('heading', { level: 3 })} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <IconButton icon="bold" label="Bold" pressed={editor.isActive('bold')} onClick={() => chain().toggleBold().run()} />
      <IconButton icon="italic" label="Italic" pressed={editor.isActive('italic')} onClick={() => chain().toggleItalic().run()} />
      <IconButton icon="underline" label="Underline" pressed={editor.isActive('underline')} onClick={() => chain().toggleUnderline().run()} />
      <IconButton icon="bullets" label="Bulleted list" pressed={editor.isActive('bulletList')} onClick={() => chain().toggleBulletList().run()} />
      <IconButton icon="numbers" label="Numbered list" pressed={editor.isActive('orderedList')} onClick={() => chain().toggleOrderedList().run()} />
      <IconButton icon="quote" label="Quote" pressed={editor.isActive('blockquote')} onClick={() => chain().toggleBlockquote().run()} />
      <IconButton icon="link" label="Link" pressed={editor.isActive('link')} onClick={() => setLinking(true)} />
      {editor.isActive('link') && <IconButton icon="unlink" label="Remove link" onClick={() => chain().extendMarkRange('link').unsetLink().run()} />}
      <IconButton icon="alignLeft" label="Align left" pressed={editor.isActive({ textAlign: 'left' })} onClick={() => chain().setTextAlign('left').run()} />
      <IconButton icon="alignCenter" label="Align center" pressed={editor.isActive({ textAlign: 'center' })} onClick={() => chain().setTextAlign('center').run()} />
      <IconButton icon="alignRight" label="Align right" pressed={editor.isActive({ textAlign: 'right' })} onClick={() => chain().setTextAlign('right').run()} />
      <IconButton icon="done" label="Done editing (Escape)" onClick={onDone} />
      {linking && <TextLinkEditor editor={editor} onClose={() => setLinking(false)} />}
    </div>
  )
}
