// Island 'char-counter': data-island="char-counter" data-props='{"for":"<field id>","max":500}'.
// Shows 'length / max' for the field and flags the error state when the text is too long.
import { useEffect, useState } from 'react'
import { counterState } from '../core/counter.js'
import type { IslandModule } from '../core/islands.js'
import { renderIsland } from './react-root.js'

type Field = HTMLInputElement | HTMLTextAreaElement

export function CharCounter({ field, max }: { field: Field; max: unknown }) {
  const [length, setLength] = useState(field.value.length)
  useEffect(() => {
    const update = () => setLength(field.value.length)
    field.addEventListener('input', update)
    update()
    return () => field.removeEventListener('input', update)
  }, [field])
  const state = counterState(length, max)
  if (!state) return null
  return (
    <span
      className={state.error ? 'char-counter error' : 'char-counter'}
      data-error={state.error || undefined}
      aria-live="polite"
    >
      {state.text}
    </span>
  )
}

export const mount: IslandModule['mount'] = (element, props) => {
  const id = typeof props.for === 'string' ? props.for : ''
  const field = id ? element.ownerDocument.getElementById(id) : null
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement))
    throw new Error(`char-counter: no input or textarea with id "${id}"`)
  return renderIsland(element, <CharCounter field={field} max={props.max} />)
}
