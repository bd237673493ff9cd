// The heading of every settings screen and the tabs between them (General, Connected accounts).
import { Link } from '../app/navigation.js'
import type { SiteSummary } from '../api/types.js'
import { settingsPath, settingsTabsFor, type SettingsTab } from './paths.js'

export function SettingsHeader({ site, current }: { site: SiteSummary; current: SettingsTab | 'not-found' }) {
  const siteId = String(site.id)
  const tabs = settingsTabsFor(site.capabilities)
  return (
    <>
      <h1 id="settings-title" tabIndex={-1}>
        Settings
      </h1>
      <p className="lead">Website settings for {site.title}.</p>
      {tabs.length > 1 && (
        <nav className="settings-tabs" aria-label="Settings">
          <ul>
            {tabs.map((t) => (
              <li key={t.id}>
                <Link to={settingsPath(siteId, t.id)} aria-current={current === t.id ? 'page' : undefined}>
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  )
}
