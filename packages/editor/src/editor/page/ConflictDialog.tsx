// Shown when this page was changed elsewhere (another tab or person) since this editor loaded it.
import { Dialog } from '../../ui/Dialog.js'

export function ConflictDialog({ onReload, onOverwrite }: { onReload(): void; onOverwrite(): void }) {
  return (
    <Dialog
      title="This page was changed elsewhere"
      onClose={() => {}}
      actions={
        <>
          <button type="button" className="button secondary" onClick={onReload}>
            Reload their version
          </button>
          <button type="button" className="button danger" onClick={onOverwrite}>
            Overwrite with mine
          </button>
        </>
      }
    >
      <p>
        Someone saved this page in another tab or window after you opened it. Your latest changes are not saved. Reload
        to see their version (your unsaved changes are dropped), or overwrite their version with yours.
      </p>
    </Dialog>
  )
}
