// Adds a block of a chosen type at the end of the page (or after the selected block).
import { useId, useState } from 'react'
import { useBlockKinds } from '../../plans/blockKinds.js'
import type { BlockTypeName } from '../core/document.js'

export function AddBlockMenu({ onAdd }: { onAdd(typeName: BlockTypeName): void }) {
  const id = useId()
  const [type, setType] = useState<BlockTypeName>('text')
  const kinds = useBlockKinds()
  return (
    <form
      className="add-block"
      onSubmit={(e) => {
        e.preventDefault()
        onAdd(type)
      }}
    >
      <label htmlFor={id}>Block type</label>
      <select id={id} value={type} onChange={(e) => setType(e.target.value as BlockTypeName)}>
        {kinds.map((k) => (
          <option key={k.typeName} value={k.typeName}>
            {k.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button primary small">
        Add block
      </button>
    </form>
  )
}
