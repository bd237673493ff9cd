// A modal dialog: focus moves in (first field, else the first button), Tab stays inside, Escape closes, focus
// returns to where it was.
import { useId, useRef, type ReactNode } from 'react'
import { useModal } from './useModal.js'

interface Props {
  title: string
  onClose(): void
  children: ReactNode
  actions?: ReactNode
  wide?: boolean
}

export function Dialog({ title, onClose, children, actions, wide }: Props) {
  const titleId = useId()
  const box = useRef<HTMLDivElement>(null)

  const onKeyDown = useModal(box, onClose)

  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} className={`dialog${wide ? ' wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <h2 id={titleId}>{title}</h2>
        <div className="dialog-body">{children}</div>
        {actions && <div className="dialog-actions">{actions}</div>}
      </div>
    </div>
  )
}
