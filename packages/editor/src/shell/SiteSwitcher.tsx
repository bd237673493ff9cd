import { useId } from 'react'
import type { SiteSummary } from '../api/types.js'

interface Props {
  sites: SiteSummary[]
  currentId: string
  onSwitch(siteId: string): void
}

export function SiteSwitcher({ sites, currentId, onSwitch }: Props) {
  const id = useId()
  return (
    <div className="site-switcher">
      <label htmlFor={id}>Site</label>
      <select id={id} value={currentId} onChange={(e) => onSwitch(e.target.value)}>
        {sites.map((s) => (
          <option key={String(s.id)} value={String(s.id)}>
            {s.title} ({s.roleName})
          </option>
        ))}
      </select>
    </div>
  )
}
