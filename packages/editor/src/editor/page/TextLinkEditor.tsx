// The link dialog of a text format bar: edits the link mark around the selection of a Tiptap editor.
import type { Editor } from '@tiptap/react'
import { LinkEditor } from '../../dialogs/link/LinkEditor.js'
import { useLinkTargets } from './linkTargets.js'

export function TextLinkEditor({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const targets = useLinkTargets()
  const link = editor.getAttributes('link') as { href?: string; target?: string }
  return (
    <LinkEditor
      url={link.href ?? ''}
      newWindow={link.target === '_blank'}
      targets={targets}
      onClose={onClose}
      onSave={(href, newWindow) => {
        onClose()
        editor.chain().focus().extendMarkRange('link').setLink({ href, target: newWindow ? '_blank' : null }).run()
      }}
    />
  )
}
