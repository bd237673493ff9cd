// Keys on the canvas: Escape deselects (or ends editing), arrows move the selection between blocks, Enter edits,
// Delete removes, the block list's shortcuts (Alt+arrows move, duplicate, delete) and undo/redo work in the frame too.
import { isApplePlatform, matchesShortcut } from '../core/actions.js'
import { KEYBOARD_ACTIONS, deleteBlock, selectBlock } from '../core/blockActions.js'
import { allBlocks } from '../core/document.js'
import type { EditorStore } from '../core/store.js'

export interface KeyTarget {
  store: EditorStore
  editingId: string | null
  startEditing(id: string): void
  stopEditing(): void
  focusBlock(id: string | null): void
  announce(text: string): void
}

/** Handles a keydown inside the canvas; true when it was the editor's key (default prevented). */
export function canvasKey(e: KeyboardEvent, t: KeyTarget): boolean {
  const apple = isApplePlatform()
  const { store } = t
  const state = store.get().state
  if (matchesShortcut(e, 'Mod+Z', apple)) {
    store.undo()
    return done(e)
  }
  if (matchesShortcut(e, 'Mod+Shift+Z', apple) || matchesShortcut(e, 'Mod+Y', apple)) {
    store.redo()
    return done(e)
  }
  if (t.editingId) {
    if (e.key !== 'Escape') return false
    const id = t.editingId
    t.stopEditing()
    t.focusBlock(id)
    t.announce('Done editing.')
    return done(e)
  }
  const blocks = allBlocks(state.doc)
  const at = state.selectedId ? blocks.findIndex((b) => b.id === state.selectedId) : -1
  const action = at >= 0 ? KEYBOARD_ACTIONS.find((a) => a.shortcut && matchesShortcut(e, a.shortcut, apple)) : undefined
  if (action) {
    store.dispatch(action, { id: state.selectedId! })
    t.focusBlock(store.get().state.selectedId)
    t.announce(`${action.label}: done.`)
    return done(e)
  }
  if (e.altKey || e.ctrlKey || e.metaKey) return false
  switch (e.key) {
    case 'Escape':
      if (at < 0) return false
      store.dispatch(selectBlock, { id: null })
      t.announce('Selection cleared.')
      return done(e)
    case 'ArrowDown':
    case 'ArrowUp': {
      if (!blocks.length) return false
      const next = at < 0 ? 0 : Math.max(0, Math.min(blocks.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))
      store.dispatch(selectBlock, { id: blocks[next]!.id })
      t.focusBlock(blocks[next]!.id)
      return done(e)
    }
    case 'Enter':
      if (at < 0) return false
      t.startEditing(state.selectedId!)
      return done(e)
    case 'Delete':
    case 'Backspace':
      if (at < 0) return false
      store.dispatch(deleteBlock, { id: state.selectedId! })
      t.focusBlock(store.get().state.selectedId)
      t.announce('Block deleted. Undo with Ctrl+Z.')
      return done(e)
    default:
      return false
  }
}

function done(e: KeyboardEvent): true {
  e.preventDefault()
  e.stopPropagation()
  return true
}
