// The page's blocks in order: select to edit, move by drag and drop or keyboard (Alt+↑/↓), duplicate, delete.
import { useState, type DragEvent, type KeyboardEvent } from 'react'
import { kindOf, missingOf } from '../blocks/catalog.js'
import { BlockEditor } from '../blocks/editors/index.js'
import { isApplePlatform, matchesShortcut, shortcutLabel } from '../core/actions.js'
import {
  KEYBOARD_ACTIONS,
  deleteBlock,
  duplicateBlock,
  moveBlock,
  moveBlockDown,
  moveBlockUp,
  selectBlock,
  setBlockValue,
  updateBlock,
} from '../core/blockActions.js'
import type { Block } from '../core/document.js'
import type { EditorStore } from '../core/store.js'
import { Icon } from '../canvas/icons.js'

function summary(b: Block): string {
  const v = b.value
  const text = String(v.html ?? v.label ?? v.title ?? v.text ?? v.code ?? v.markdown ?? v.url ?? '')
  return text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80)
}

export function BlockList({ store, blocks, selectedId, editingInPlace = null }: { store: EditorStore; blocks: Block[]; selectedId: string | null; editingInPlace?: string | null }) {
  const [dragId, setDragId] = useState<string | null>(null)
  const [over, setOver] = useState<number | null>(null)
  const apple = isApplePlatform()

  function onKeyDown(e: KeyboardEvent<HTMLElement>, id: string) {
    if (e.target !== e.currentTarget) return
    const action = KEYBOARD_ACTIONS.find((a) => a.shortcut && matchesShortcut(e, a.shortcut, apple))
    if (action) {
      e.preventDefault()
      store.dispatch(action, { id })
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-block-id="${store.get().state.selectedId ?? id}"]`)?.focus())
    } else if (e.key === 'Enter') {
      e.preventDefault()
      store.dispatch(selectBlock, { id: selectedId === id ? null : id })
    }
  }

  function drop(e: DragEvent, index: number) {
    e.preventDefault()
    const id = dragId ?? e.dataTransfer.getData('text/x-block-id')
    if (id) store.dispatch(moveBlock, { id, to: index })
    setDragId(null)
    setOver(null)
  }

  if (blocks.length === 0) return <p className="muted empty-blocks">This page has no blocks yet. Add one below.</p>
  return (
    <ol className="block-list" aria-label="Blocks">
      {blocks.map((b, i) => {
        const selected = b.id === selectedId
        const missing = missingOf(b)
        const label = kindOf(b.typeName)?.label ?? b.typeName
        return (
          <li
            key={b.id}
            data-block-id={b.id}
            tabIndex={0}
            aria-label={`${label} block ${i + 1} of ${blocks.length}`}
            aria-describedby={`help-${b.id}`}
            className={`block-card${selected ? ' selected' : ''}${over === i ? ' drop-target' : ''}`}
            onDragOver={(e) => {
              e.preventDefault()
              setOver(i)
            }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => drop(e, i)}
            onDragEnd={() => setDragId(null)}
            onKeyDown={(e) => onKeyDown(e, b.id)}
          >
            <div className="block-head">
              <span
                className="drag-handle"
                aria-hidden="true"
                title="Drag to move"
                draggable
                onDragStart={(e) => {
                  setDragId(b.id)
                  e.dataTransfer.setData('text/x-block-id', b.id)
                  e.dataTransfer.effectAllowed = 'move'
                }}
              >
                ⋮⋮
              </span>
              <strong>{label}</strong>
              <span className="block-summary">{summary(b)}</span>
              <span id={`help-${b.id}`} className="visually-hidden">
                Press Enter to edit, {shortcutLabel('Alt+ArrowUp', apple)} or {shortcutLabel('Alt+ArrowDown', apple)} to move.
              </span>
              <div className="block-actions">
                <button type="button" className="button small" aria-expanded={selected} onClick={() => store.dispatch(selectBlock, { id: selected ? null : b.id })}>
                  {selected ? 'Done' : 'Edit'}
                </button>
                <button type="button" className="tool" title={moveBlockUp.label} aria-label={`Move ${label} block up`} disabled={i === 0} onClick={() => store.dispatch(moveBlockUp, { id: b.id })}>
                  <Icon name="up" size={16} />
                </button>
                <button type="button" className="tool" title={moveBlockDown.label} aria-label={`Move ${label} block down`} disabled={i === blocks.length - 1} onClick={() => store.dispatch(moveBlockDown, { id: b.id })}>
                  <Icon name="down" size={16} />
                </button>
                <button type="button" className="tool" aria-label={`Duplicate ${label} block`} title={`${duplicateBlock.label} (${shortcutLabel(duplicateBlock.shortcut!, apple)})`} onClick={() => store.dispatch(duplicateBlock, { id: b.id })}>
                  <Icon name="duplicate" size={16} />
                </button>
                <button type="button" className="tool danger" aria-label={`Delete ${label} block`} title={`${deleteBlock.label} (${shortcutLabel(deleteBlock.shortcut!, apple)})`} onClick={() => store.dispatch(deleteBlock, { id: b.id })}>
                  <Icon name="close" size={16} />
                </button>
              </div>
            </div>
            {missing && (
              <p className="block-missing" role="note">
                Not saved yet: {missing}
              </p>
            )}
            {selected && editingInPlace === b.id && (
              <p className="block-editor muted" role="note">
                Being edited on the canvas. Press Escape there when done.
              </p>
            )}
            {selected && editingInPlace !== b.id && (
              <div className="block-editor">
                <BlockEditor
                  block={b}
                  onChange={(value, field) => store.dispatch(updateBlock, { id: b.id, value, field })}
                  onSet={(value) => store.dispatch(setBlockValue, { id: b.id, value })}
                />
              </div>
            )}
          </li>
        )
      })}
    </ol>
  )
}
