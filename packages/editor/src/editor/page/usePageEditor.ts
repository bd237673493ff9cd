// One page's editing session: the editor store (document + undo history) and autosave wired together.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { Collection } from '../../api/content.js'
import { useServices } from '../../services/services.js'
import { createAutosave, type Autosave, type AutosaveState } from '../core/autosave.js'
import type { PageDocument } from '../core/document.js'
import { openEditable } from '../core/open.js'
import { createEditorStore, type EditorSnapshot, type EditorStore } from '../core/store.js'
import { createLayoutSaver } from './layoutSaver.js'

export interface PageSession {
  store: EditorStore
  snapshot: EditorSnapshot
  autosave: Autosave<PageDocument, number>
  saveState: AutosaveState<number>
}

export function usePageEditor(page: Collection, delayMs?: number): PageSession {
  const { content, siteId } = useServices()
  const [session] = useState(() => {
    const store = createEditorStore(openEditable(page.layout))
    const flags = { reloading: false }
    const saver = createLayoutSaver(content, siteId, page.id)
    const autosave = createAutosave<PageDocument, number>({
      version: page.updatedOn,
      save: saver.save,
      load: saver.load,
      // The server's document after a conflict: shown, not saved back.
      onReload: (doc) => {
        flags.reloading = true
        store.reset(doc)
        flags.reloading = false
      },
      ...(delayMs !== undefined ? { delayMs } : {}),
    })
    return { store, autosave, flags }
  })
  const { store, autosave, flags } = session

  useEffect(() => {
    let revision = store.get().revision
    return store.subscribe(() => {
      const snap = store.get()
      if (snap.revision === revision) return
      revision = snap.revision
      if (!flags.reloading) autosave.change(snap.state.doc)
    })
  }, [store, autosave, flags])

  useEffect(() => () => void autosave.flush().then(() => autosave.dispose()), [autosave])

  const snapshot = useSyncExternalStore(store.subscribe, store.get)
  const saveState = useSyncExternalStore(autosave.subscribe, autosave.get)
  return useMemo(() => ({ store, snapshot, autosave, saveState }), [store, snapshot, autosave, saveState])
}
