import { useId } from 'react'
import type { SiteSummary } from '../api/types.js'

interface Props {
  sites: SiteSummary[]
  currentId: string
  onSwitch(siteId: string): void
  /** Opens the starter chooser for a new site. */
  onNewSite?(): void
  /** Copies the current site (only offered to who may change its settings). */
  onDuplicate?(): void
  duplicating?: boolean
}

/** A website role in owner words ('ADMIN' -> 'Administrator', 'STORE_MANAGER' -> 'Store manager'). */
export function roleWords(roleName: string): string {
  if (roleName === 'ADMIN') return 'Administrator'
  const words = roleName.toLowerCase().replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function SiteSwitcher({ sites, currentId, onSwitch, onNewSite, onDuplicate, duplicating }: Props) {
  const id = useId()
  return (
    <div className="site-switcher">
      <label htmlFor={id}>Site</label>
      <select id={id} value={currentId} onChange={(e) => onSwitch(e.target.value)}>
        {sites.map((s) => (
          <option key={String(s.id)} value={String(s.id)}>
            {s.title} ({roleWords(s.roleName)})
          </option>
        ))}
      </select>
      {onNewSite && (
        <button type="button" className="button secondary small" onClick={onNewSite}>
          New site
        </button>
      )}
      {onDuplicate && (
        <button type="button" className="button secondary small" onClick={onDuplicate} disabled={duplicating}>
          {duplicating ? 'Duplicating…' : 'Duplicate site'}
        </button>
      )}
    </div>
  )
}
