// The font browser: the self-hosted web fonts by category, each previewed in its own face, with the families it pairs
// with; 'Unable to load fonts'.
import { useEffect, useId, useState } from 'react'
import { Dialog } from '../../ui/Dialog.js'
import { addFacesStylesheet, FONT_CATEGORIES, fontsIn, loadFonts, pairedWith, type FontCategory, type FontEntry, type FontsResult } from './fonts.js'

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
  const pairsId = useId()
  useEffect(() => {
    let live = true
    void load().then((r) => {
      if (!live) return
      if (r.ok) addFacesStylesheet(document, r.facesCss)
      setResult(r)
    })
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
          {fontsIn(result.fonts, category, query).map((f) => {
            const pairs = pairedWith(result, f.id)
            return (
              <li key={f.id}>
                <button
                  type="button"
                  aria-pressed={f.family === current}
                  aria-label={`${f.family}, ${f.category}`}
                  aria-describedby={pairs.length > 0 ? `${pairsId}-${f.id}` : undefined}
                  onClick={() => onPick(f)}
                  data-font-family={f.family}
                >
                  <span className="font-head">
                    <span style={{ fontFamily: f.stack }} className="font-sample">
                      {f.family}
                    </span>
                    <span className="muted">{f.category}</span>
                  </span>
                  <span style={{ fontFamily: f.stack }} className="font-specimen" aria-hidden="true">
                    The quick brown fox jumps over the lazy dog
                  </span>
                  {pairs.length > 0 && <span className="muted font-pairs" id={`${pairsId}-${f.id}`}>Pairs with {pairs.map((p) => p.family).join(', ')}</span>}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </Dialog>
  )
}
