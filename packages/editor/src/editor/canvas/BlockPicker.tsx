// The searchable block picker the canvas's "+" insert points open: type to filter, arrows and Enter to pick.
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import { useBlockKinds } from '../../plans/blockKinds.js'
import type { BlockTypeName } from '../core/document.js'

export function BlockPicker({ onPick, onClose, style }: { onPick(typeName: BlockTypeName): void; onClose(): void; style?: CSSProperties }) {
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const q = query.trim().toLowerCase()
  const offered = useBlockKinds()
  const kinds = offered.filter((k) => !q || k.label.toLowerCase().includes(q) || k.typeName.includes(q))
  useEffect(() => input.current?.focus(), [])
  useEffect(() => setActive(0), [q])

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      onClose()
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((a) => (kinds.length ? (a + (e.key === 'ArrowDown' ? 1 : kinds.length - 1)) % kinds.length : 0))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      const k = kinds[active]
      if (k) onPick(k.typeName)
    }
  }

  return (
    <div className="block-picker" role="dialog" aria-label="Add a block" style={style} onKeyDown={onKeyDown}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Search blocks
      </label>
      <input
        ref={input}
        id={`${id}-q`}
        type="search"
        placeholder="Search blocks"
        value={query}
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-activedescendant={kinds[active] ? `${id}-${kinds[active].typeName}` : undefined}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul id={`${id}-list`} role="listbox" aria-label="Blocks">
        {kinds.map((k, i) => (
          <li key={k.typeName} id={`${id}-${k.typeName}`} role="option" aria-selected={i === active} className={i === active ? 'active' : undefined} onMouseDown={(e) => e.preventDefault()} onClick={() => onPick(k.typeName)}>
            {k.label}
          </li>
        ))}
        {kinds.length === 0 && <li className="muted">No block matches “{query}”.</li>}
      </ul>
      <button type="button" className="button secondary small" onClick={onClose}>
        Cancel
      </button>
    </div>
  )
}
