// Re-renders a format bar on every Tiptap transaction, so its buttons show the marks at the current selection.
import type { Editor } from '@tiptap/react'
import { useEffect, useState } from 'react'

export function useTransactions(editor: Editor): void {
  const [, force] = useState(0)
  useEffect(() => {
    const update = () => force((n) => n + 1)
    editor.on('transaction', update)
    return () => {
      editor.off('transaction', update)
    }
  }, [editor])
}
