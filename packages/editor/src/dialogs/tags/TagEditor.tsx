// The tag and category editor: add, rename (one at a time), remove; reports the list on every committed change.
import { useId, useReducer, useState } from 'react'
import { CharacterCounter } from '../../ui/moreFields.js'
import { TAG_LIMITS, initialTags, tagReducer, type TagType } from './tags.js'

interface Props {
  tagType: TagType
  items: readonly string[]
  onChange(items: string[]): void
}

const TITLES: Record<TagType, string> = { tag: 'Tags', category: 'Categories' }

export function TagEditor({ tagType, items, onChange }: Props) {
  const [state, dispatch] = useReducer(tagReducer, initialTags(tagType, items))
  const [name, setName] = useState('')
  const addId = useId()
  const errorId = useId()
  const max = TAG_LIMITS[tagType]

  function apply(event: Parameters<typeof tagReducer>[1]) {
    const next = tagReducer(state, event)
    dispatch(event)
    if (next.items !== state.items) onChange(next.items)
    return next
  }

  return (
    <fieldset className="tag-editor">
      <legend>{TITLES[tagType]}</legend>
      <ul className="tag-list">
        {state.items.map((t, i) =>
          state.editing?.index === i ? (
            <li key={`${i}-edit`}>
              <input
                aria-label={`Rename ${tagType} ${t}`}
                value={state.editing.draft}
                autoFocus
                onChange={(e) => dispatch({ type: 'change', draft: e.target.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault()
                    apply({ type: 'commit' })
                  } else if (e.key === 'Escape') dispatch({ type: 'cancel' })
                }}
              />
              <CharacterCounter value={state.editing.draft} max={max} />
              <button type="button" className="button small" onClick={() => apply({ type: 'commit' })}>
                Done
              </button>
            </li>
          ) : (
            <li key={`${i}-${t}`}>
              <span className="tag">{t}</span>
              <button type="button" className="link-button" onClick={() => dispatch({ type: 'edit', index: i })} aria-label={`Edit ${tagType} ${t}`}>
                Edit
              </button>
              <button type="button" className="link-button danger" onClick={() => apply({ type: 'remove', index: i })} aria-label={`Remove ${tagType} ${t}`}>
                Remove
              </button>
            </li>
          ),
        )}
      </ul>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault()
          const next = apply({ type: 'add', name })
          if (!next.error) setName('')
        }}
      >
        <label htmlFor={addId}>New {tagType}</label>
        <input id={addId} value={name} onChange={(e) => setName(e.target.value)} aria-describedby={state.error ? errorId : undefined} aria-invalid={state.error ? true : undefined} />
        <CharacterCounter value={name} max={max} />
        <button type="submit" className="button secondary small">
          Add
        </button>
      </form>
      {state.error && (
        <p id={errorId} className="field-error" role="alert">
          {state.error}
        </p>
      )}
    </fieldset>
  )
}
