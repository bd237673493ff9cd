// Editor commands as declarative actions: a name, a label, an optional keyboard shortcut, a pure
// perform(state, payload) -> state, and an explicit undo policy:
//   'record'               a new undo step
//   'merge-with-previous'  joins the previous step when it came from the same action and merge key (typing)
//   'skip'                 not undoable (selection and other view state)
import type { PageDocument } from './document.js'

export type UndoPolicy = 'record' | 'skip' | 'merge-with-previous'

export interface EditorState {
  doc: PageDocument
  selectedId: string | null
}

export interface Action<P> {
  name: string
  label: string
  /** e.g. 'Mod+D', 'Alt+ArrowUp' (Mod is Ctrl, or Cmd on Apple keyboards). */
  shortcut?: string
  undo: UndoPolicy
  /** For 'merge-with-previous': steps merge only when their keys are equal. */
  mergeKey?(payload: P): string
  /** Returns the same state object when nothing changes. */
  perform(state: EditorState, payload: P): EditorState
}

/** Declares an action (typed helper; actions are plain objects). */
export function defineAction<P = void>(action: Action<P>): Action<P> {
  return action
}

export interface KeyLike {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/** Whether a keyboard event matches a shortcut such as 'Mod+Shift+Z'. */
export function matchesShortcut(e: KeyLike, shortcut: string, apple = false): boolean {
  const parts = shortcut.split('+')
  const key = parts.pop()
  if (!key) return false
  const want = new Set(parts)
  const mod = apple ? e.metaKey : e.ctrlKey
  if (want.has('Mod') !== mod) return false
  if (!want.has('Mod') && (e.ctrlKey || e.metaKey)) return false
  if (want.has('Shift') !== e.shiftKey) return false
  if (want.has('Alt') !== e.altKey) return false
  return e.key.toLowerCase() === key.toLowerCase()
}

/** A shortcut as people read it on this platform ('Ctrl+Shift+Z', '⌘⇧Z'). */
export function shortcutLabel(shortcut: string, apple = false): string {
  if (!apple) return shortcut.replace('Mod', 'Ctrl').replace('ArrowUp', '↑').replace('ArrowDown', '↓')
  return shortcut
    .replace('Mod+', '⌘')
    .replace('Shift+', '⇧')
    .replace('Alt+', '⌥')
    .replace('ArrowUp', '↑')
    .replace('ArrowDown', '↓')
}

export function isApplePlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
}
