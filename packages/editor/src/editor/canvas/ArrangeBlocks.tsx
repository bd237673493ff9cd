// The "Arrange blocks" disclosure of the side panel: opening it loads the block outline and @dnd-kit (a chunk of
// their own, so the editor's main bundle does not carry them).
import { lazy, Suspense, useState } from 'react'
import type { PageDocument } from '../core/document.js'
import type { EditorStore } from '../core/store.js'

const BlockOutline = lazy(() => import('./BlockOutline.js'))

export function ArrangeBlocks({ store, doc }: { store: EditorStore; doc: PageDocument }) {
  const [open, setOpen] = useState(false)
  return (
    <section className="arrange-blocks" aria-label="Arrange blocks">
      <button type="button" className="button secondary small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Close the arrangement' : 'Arrange blocks'}
      </button>
      {open && (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <BlockOutline store={store} doc={doc} />
        </Suspense>
      )}
    </section>
  )
}
