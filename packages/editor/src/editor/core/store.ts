// The editor store: the current state, an undo/redo history of documents, and dispatch of declarative actions
// honouring each action's undo policy. Framework-free; React reads it through useSyncExternalStore.
import type { Action, EditorState } from './actions.js'
import { findBlock, type PageDocument } from './document.js'

/** Steps of one merge key further apart than this start a new undo step. */
export const MERGE_WINDOW_MS = 1000
export const HISTORY_LIMIT = 200

export interface EditorSnapshot {
  state: EditorState
  canUndo: boolean
  canRedo: boolean
  /** Increases on every change of the document (edits, undo, redo, reset). */
  revision: number
  lastLabel: string | null
}

export interface EditorStore {
  get(): EditorSnapshot
  subscribe(listener: () => void): () => void
  dispatch<P>(action: Action<P>, payload: P): void
  undo(): void
  redo(): void
  /** Replaces the document (loading, reloading after a conflict) and forgets the history. */
  reset(doc: PageDocument): void
}

export function createEditorStore(doc: PageDocument, now: () => number = Date.now): EditorStore {
  let past: PageDocument[] = []
  let future: PageDocument[] = []
  let lastMerge: { name: string; key: string; at: number } | null = null
  let snapshot: EditorSnapshot = {
    state: { doc, selectedId: null },
    canUndo: false,
    canRedo: false,
    revision: 0,
    lastLabel: null,
  }
  const listeners = new Set<() => void>()

  function publish(state: EditorState, docChanged: boolean, lastLabel: string | null) {
    snapshot = {
      state,
      canUndo: past.length > 0,
      canRedo: future.length > 0,
      revision: snapshot.revision + (docChanged ? 1 : 0),
      lastLabel,
    }
    for (const l of listeners) l()
  }

  function keepSelection(state: EditorState, next: PageDocument): EditorState {
    return {
      doc: next,
      selectedId: state.selectedId && findBlock(next, state.selectedId) ? state.selectedId : null,
    }
  }

  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispatch(action, payload) {
      const current = snapshot.state
      const next = action.perform(current, payload)
      if (next === current) return
      const docChanged = next.doc !== current.doc
      if (action.undo === 'skip' || !docChanged) {
        publish(next, docChanged, snapshot.lastLabel)
        return
      }
      const at = now()
      const key = action.mergeKey?.(payload) ?? ''
      const merges =
        action.undo === 'merge-with-previous' &&
        lastMerge !== null &&
        lastMerge.name === action.name &&
        lastMerge.key === key &&
        at - lastMerge.at <= MERGE_WINDOW_MS &&
        past.length > 0
      if (!merges) {
        past.push(current.doc)
        if (past.length > HISTORY_LIMIT) past = past.slice(-HISTORY_LIMIT)
      }
      lastMerge = action.undo === 'merge-with-previous' ? { name: action.name, key, at } : null
      future = []
      publish(next, true, action.label)
    },
    undo() {
      const previous = past.pop()
      if (!previous) return
      future.push(snapshot.state.doc)
      lastMerge = null
      publish(keepSelection(snapshot.state, previous), true, snapshot.lastLabel)
    },
    redo() {
      const next = future.pop()
      if (!next) return
      past.push(snapshot.state.doc)
      lastMerge = null
      publish(keepSelection(snapshot.state, next), true, snapshot.lastLabel)
    },
    reset(doc) {
      past = []
      future = []
      lastMerge = null
      publish(keepSelection(snapshot.state, doc), true, null)
    },
  }
}
