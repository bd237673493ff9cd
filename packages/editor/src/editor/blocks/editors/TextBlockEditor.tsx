// Rich text with Tiptap: headings, lists, bold/italic/underline, quotes, links (through the Link Editor) and
// alignment. Tiptap's own undo is off: every change goes through the editor store's undo history.
import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import TextAlign from '@tiptap/extension-text-align'
import { useEffect, useState } from 'react'
import { useTransactions } from '../../page/useTransactions.js'
import { TextLinkEditor } from '../../page/TextLinkEditor.js'
import type { BlockEditorProps } from './types.js'

export function TextBlockEditor({ block, onChange }: BlockEditorProps) {
  return <RichTextEditor html={String(block.value.html ?? '')} label="Text" onChange={(html) => onChange({ html }, 'html')} />
}

/** The text blocks' Tiptap editor with its format bar, for any rich-text field (the product description too). */
export function RichTextEditor({ html, label, onChange, describedBy }: { html: string; label: string; onChange(html: string): void; describedBy?: string | undefined }) {
  const editor = useEditor({
    // The editor's Content-Security-Policy refuses inline <style>; the few base rules the editing surface needs
    // are in editor.css instead.
    injectCSS: false,
    extensions: [
      StarterKit.configure({ undoRedo: false, link: { openOnClick: false, autolink: true } }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ],
    content: html,
    editorProps: {
      attributes: { class: 'rich-text-input', 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', ...(describedBy ? { 'aria-describedby': describedBy } : {}) },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  })

  // Undo/redo (or another change of the stored value) replaces the editor's content.
  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.getHTML() !== html) editor.commands.setContent(html, { emitUpdate: false })
  }, [editor, html])

  return (
    <div className="text-block-editor">
      {editor && <TextToolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  )
}

function TextToolbar({ editor }: { editor: Editor }) {
  const [linking, setLinking] = useState(false)
  useTransactions(editor)

  const level = ([1, 2, 3] as const).find((l) => editor.isActive('heading', { level: l }))
  const chain = () => editor.chain().focus()
  const toggle = (label: string, active: boolean, run: () => void) => (
    <button type="button" className={`tool${active ? ' active' : ''}`} aria-pressed={active} onMouseDown={(e) => e.preventDefault()} onClick={run}>
      {label}
    </button>
  )
  return (
    <div className="toolbar" role="toolbar" aria-label="Text formatting">
      <select
        aria-label="Text style"
        value={level ? `h${level}` : 'p'}
        onChange={(e) => {
          const v = e.target.value
          if (v === 'p') chain().setParagraph().run()
          else chain().setHeading({ level: Number(v.slice(1)) as 1 | 2 | 3 }).run()
        }}
      >
        <option value="p">Paragraph</option>
        <option value="h1">Heading 1</option>
        <option value="h2">Heading 2</option>
        <option value="h3">Heading 3</option>
      </select>
      {toggle('Bold', editor.isActive('bold'), () => chain().toggleBold().run())}
      {toggle('Italic', editor.isActive('italic'), () => chain().toggleItalic().run())}
      {toggle('Underline', editor.isActive('underline'), () => chain().toggleUnderline().run())}
      {toggle('Bulleted list', editor.isActive('bulletList'), () => chain().toggleBulletList().run())}
      {toggle('Numbered list', editor.isActive('orderedList'), () => chain().toggleOrderedList().run())}
      {toggle('Quote', editor.isActive('blockquote'), () => chain().toggleBlockquote().run())}
      {toggle('Link', editor.isActive('link'), () => setLinking(true))}
      {editor.isActive('link') && toggle('Remove link', false, () => chain().extendMarkRange('link').unsetLink().run())}
      {(['left', 'center', 'right'] as const).map((a) => toggle(`Align ${a}`, editor.isActive({ textAlign: a }), () => chain().setTextAlign(a).run()))}
      {linking && <TextLinkEditor editor={editor} onClose={() => setLinking(false)} />}
    </div>
  )
}
