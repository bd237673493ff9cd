// A link shown as text with an Edit button that opens the Link Editor.
import { useState } from 'react'
import { LinkEditor } from '../../../dialogs/link/LinkEditor.js'
import { useLinkTargets } from '../../page/linkTargets.js'

export function LinkField({ url, newWindow, onSet, label = 'Link' }: { url: string; newWindow: boolean; onSet(url: string, newWindow: boolean): void; label?: string }) {
  const [open, setOpen] = useState(false)
  const targets = useLinkTargets()
  return (
    <div className="field link-field">
      <span className="label">{label}</span>
      <span className="link-value">{url || 'None'}</span>
      <button type="button" className="button secondary small" onClick={() => setOpen(true)}>
        {url ? 'Edit link' : 'Add link'}
      </button>
      {url && (
        <button type="button" className="link-button" onClick={() => onSet('', false)}>
          Remove link
        </button>
      )}
      {open && (
        <LinkEditor
          url={url}
          newWindow={newWindow}
          targets={targets}
          onClose={() => setOpen(false)}
          onSave={(u, w) => {
            setOpen(false)
            onSet(u, w)
          }}
        />
      )}
    </div>
  )
}
