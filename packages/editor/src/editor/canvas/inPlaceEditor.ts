// The Tiptap editor of in-place text, in a chunk of its own: Tiptap and ProseMirror load when the owner first reaches
// for the canvas (a press or focus in it), not with the editor's first screen.
import { Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import TextAlign from '@tiptap/extension-text-align'

export function createInPlaceEditor(host: HTMLElement, html: string, onUpdate: (editor: Editor) => void): Editor {
  return new Editor({
    element: host,
    injectCSS: false,
    extensions: [StarterKit.configure({ undoRedo: false, link: { openOnClick: false, autolink: true } }), TextAlign.configure({ types: ['heading', 'paragraph'] })],
    content: html,
    editorProps: { attributes: { 'aria-label': 'Text', role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor }) => onUpdate(editor),
  })
}
