import { describe, expect, it } from 'vitest'
import { createAutosave, type SaveOutcome } from './autosave.js'

/** A server holding one document with a version, as the layout endpoint does. */
function fakeServer() {
  const server = { doc: 'v0', version: 1, saves: 0 }
  return {
    server,
    async save(doc: string, base: number): Promise<SaveOutcome<number>> {
      if (base !== server.version) return { kind: 'conflict', serverVersion: server.version }
      server.saves++
      server.doc = doc
      server.version++
      return { kind: 'saved', version: server.version }
    },
    async load() {
      return { kind: 'loaded' as const, doc: server.doc, version: server.version }
    },
  }
}

function manualTimers() {
  let pending: (() => void) | null = null
  return {
    setTimer: (fn: () => void) => (pending = fn),
    clearTimer: () => (pending = null),
    fire: async () => {
      const fn = pending
      pending = null
      fn?.()
      await new Promise((r) => setTimeout(r, 0))
    },
    get armed() {
      return pending !== null
    },
  }
}

describe('autosave with conflict detection', () => {
  it('debounces edits into one save carrying the base version', async () => {
    const s = fakeServer()
    const timers = manualTimers()
    const a = createAutosave({ version: 1, save: s.save, load: s.load, onReload: () => {}, ...timers })
    a.change('a')
    a.change('ab')
    expect(a.get().status).toBe('pending')
    await timers.fire()
    expect(s.server).toMatchObject({ doc: 'ab', version: 2, saves: 1 })
    expect(a.get()).toMatchObject({ status: 'saved', version: 2 })
  })

  it('two tabs editing one page: the second save conflicts instead of overwriting', async () => {
    const s = fakeServer()
    const t1 = manualTimers()
    const t2 = manualTimers()
    const reloaded: string[] = []
    const tab1 = createAutosave({ version: 1, save: s.save, load: s.load, onReload: () => {}, ...t1 })
    const tab2 = createAutosave({ version: 1, save: s.save, load: s.load, onReload: (d) => reloaded.push(d), ...t2 })
    tab1.change('from tab 1')
    await t1.fire()
    tab2.change('from tab 2')
    await t2.fire()
    expect(s.server.doc).toBe('from tab 1')
    expect(tab2.get().status).toBe('conflict')
    // further edits wait for the owner's decision
    tab2.change('from tab 2, more')
    expect(t2.armed).toBe(false)
    await tab2.resolveConflict('reload')
    expect(reloaded).toEqual(['from tab 1'])
    expect(tab2.get()).toMatchObject({ status: 'saved', version: 2 })
  })

  it('overwrite after a conflict saves on top of the server version, as chosen', async () => {
    const s = fakeServer()
    const timers = manualTimers()
    const tab = createAutosave({ version: 1, save: s.save, load: s.load, onReload: () => {}, ...timers })
    s.server.version = 7
    s.server.doc = 'elsewhere'
    tab.change('mine')
    await timers.fire()
    expect(tab.get().status).toBe('conflict')
    await tab.resolveConflict('overwrite')
    expect(s.server).toMatchObject({ doc: 'mine', version: 8 })
    expect(tab.get()).toMatchObject({ status: 'saved', version: 8 })
  })

  it('keeps the edits unsaved after an error and saves them with flush', async () => {
    const s = fakeServer()
    const timers = manualTimers()
    let fail = true
    const a = createAutosave({
      version: 1,
      save: (d: string, v: number) => (fail ? Promise.resolve({ kind: 'error' as const, message: 'Network error' }) : s.save(d, v)),
      load: s.load,
      onReload: () => {},
      ...timers,
    })
    a.change('x')
    await timers.fire()
    expect(a.get()).toMatchObject({ status: 'error', error: 'Network error' })
    fail = false
    await a.flush()
    expect(a.get().status).toBe('saved')
    expect(s.server.doc).toBe('x')
  })

  it('an edit made while saving is saved afterwards', async () => {
    const s = fakeServer()
    const timers = manualTimers()
    let release: () => void = () => {}
    const a = createAutosave({
      version: 1,
      save: async (d: string, v: number) => {
        await new Promise<void>((r) => (release = r))
        return s.save(d, v)
      },
      load: s.load,
      onReload: () => {},
      ...timers,
    })
    a.change('one')
    await timers.fire()
    expect(a.get().status).toBe('saving')
    a.change('two')
    release()
    await new Promise((r) => setTimeout(r, 0))
    expect(a.get().status).toBe('pending')
    await timers.fire()
    release()
    await new Promise((r) => setTimeout(r, 0))
    expect(s.server.doc).toBe('two')
    expect(a.get().status).toBe('saved')
  })
})
