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
    let original = ''
    let gone = false
    void loadInPlaceEditor().then(({ createInPlaceEditor }) => {
      if (gone) return
      original = host.innerHTML
      host.replaceChildren()
      e = createInPlaceEditor(host, html, (ed) => {
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
      const at = caretAt?.current
      const pos = at ? e.view.posAtCoords(at) : null
      e.commands.focus(pos ? pos.pos : 'end')
    })
    return () => {
      gone = true
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
