// Settings sub-routes under /config/sites/:siteId/settings/...: the general website settings at the section's own
// address, each other settings screen at /settings/<tab>.
import { CONNECTED_ACCOUNTS_SCREEN } from '@sitewright/contracts'
import { routePath } from '../app/routes.js'

export type SettingsTab = 'general' | 'connected-accounts' | 'domains' | 'import'

export interface SettingsTabInfo {
  id: SettingsTab
  label: string
  /** The capability of the permission table the tab needs beyond reading the settings. */
  capability?: string
}

export const SETTINGS_TABS: readonly SettingsTabInfo[] = [
  { id: 'general', label: 'General' },
  // the connected-account links live in the site profile, which the 'content' roles change
  { id: 'connected-accounts', label: CONNECTED_ACCOUNTS_SCREEN.tab, capability: 'content' },
  // custom domains change where the site answers: ADMIN only (the settings.edit capability)
  { id: 'domains', label: 'Domains', capability: 'settings.edit' },
  // bringing a site over from another platform writes much of it: ADMIN only (the transfer capability, as /imports)
  { id: 'import', label: 'Import', capability: 'transfer' },
]

/** The settings tabs a role may open (all of them when the site names no capabilities). */
export function settingsTabsFor(capabilities: readonly string[] | undefined): SettingsTabInfo[] {
  return SETTINGS_TABS.filter((t) => !capabilities || !t.capability || capabilities.includes(t.capability))
}

export function settingsPath(siteId: string, tab: SettingsTab = 'general'): string {
  const base = routePath({ name: 'site', siteId, section: 'settings' })
  return tab === 'general' ? base : `${base}/${tab}`
}

/** The settings tab of `pathname`, or 'not-found' for any other address under the section. */
export function parseSettingsTab(pathname: string, siteId: string): SettingsTab | 'not-found' {
  const base = settingsPath(siteId)
  const rest = pathname === base ? '' : pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1).replace(/\/$/, '') : null
  if (rest === null) return 'not-found'
  if (rest === '') return 'general'
  const tab = SETTINGS_TABS.find((t) => t.id !== 'general' && t.id === decodeURIComponent(rest))
  return tab ? tab.id : 'not-found'
}
