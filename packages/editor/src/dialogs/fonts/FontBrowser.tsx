// The font browser: system font stacks by category, each previewed in its own stack; 'Unable to load fonts'.
import { useEffect, useId, useState } from 'react'
import { Dialog } from '../../ui/Dialog.js'
import { FONT_CATEGORIES, fontsIn, loadFonts, type FontCategory, type FontEntry, type FontsResult } from './fonts.js'

interface Props {
  current: string
  onPick(font: FontEntry): void
  onClose(): void
  load?: () => Promise<FontsResult>
}

export function FontBrowser({ current, onPick, onClose, load = loadFonts }: Props) {
  const [result, setResult] = useState<FontsResult | null>(null)
  const [category, setCategory] = useState<FontCategory | 'All'>('All')
  const [query, setQuery] = useState('')
  const searchId = useId()
  useEffect(() => {
    let live = true
    void load().then((r) => live && setResult(r))
    return () => {
      live = false
    }
  }, [load])

  return (
    <Dialog title="Fonts" onClose={onClose} wide actions={<button type="button" className="button secondary" onClick={onClose}>Close</button>}>
      <div className="segmented" role="tablist" aria-label="Font categories">
        {(['All', ...FONT_CATEGORIES] as const).map((c) => (
          <button key={c} type="button" role="tab" aria-selected={category === c} className={category === c ? 'active' : undefined} onClick={() => setCategory(c)}>
            {c}
          </button>
        ))}
      </div>
      <label htmlFor={searchId} className="visually-hidden">
        Search fonts
      </label>
      <input id={searchId} type="search" placeholder="Search fonts" value={query} onChange={(e) => setQuery(e.target.value)} />
      {result === null && <p role="status">Loading…</p>}
      {result && !result.ok && (
        <p className="alert" role="alert">
          {result.error}
        </p>
      )}
      {result?.ok && (
        <ul className="font-list">
          {fontsIn(result.fonts, category, query).map((f) => (
            <li key={f.family}>
              <button type="button" aria-pressed={f.family === current} onClick={() => onPick(f)}>
                <span style={{ fontFamily: f.stack }} className="font-sample">
                  {f.family}
                </span>
                <span className="muted">{f.category}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  )
}
