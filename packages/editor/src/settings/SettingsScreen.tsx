// Loads the site's settings and hands them to the form; reflects a saved title in the site switcher.
import { useCallback, useEffect, useState } from 'react'
import type { SiteSummary, WebsiteSettings } from '../api/types.js'
import { useNavigation } from '../app/navigation.js'
import { routePath } from '../app/routes.js'
import { useSession } from '../app/session.js'
import { SettingsForm } from './SettingsForm.js'
import { SettingsHeader } from './SettingsHeader.js'
import { StartFromTemplatePanel } from '../starters/StartFromTemplate.js'
import { TransferPanel } from './TransferPanel.js'

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; settings: WebsiteSettings }

export function SettingsScreen({ site }: { site: SiteSummary }) {
  const { api, updateSite, reload } = useSession()
  const { navigate } = useNavigation()
  const mayTransfer = !site.capabilities || site.capabilities.includes('transfer')
  const [load, setLoad] = useState<Load>({ status: 'loading' })

  const fetchSettings = useCallback(async () => {
    setLoad({ status: 'loading' })
    const res = await api.getSettings(site.id)
    setLoad(
      res.ok
        ? { status: 'ready', settings: res.data.settings }
        : { status: 'error', message: res.error.message },
    )
  }, [api, site.id])

  useEffect(() => {
    void fetchSettings()
  }, [fetchSettings])

  return (
    <section className="settings" aria-labelledby="settings-title">
      <SettingsHeader site={site} current="general" />
      {site.roleName === 'ADMIN' && <StartFromTemplatePanel site={site} />}
      {load.status === 'loading' && <p role="status">Loading settings…</p>}
      {load.status === 'error' && (
        <div className="alert" role="alert">
          {load.message}{' '}
          <button type="button" className="button secondary small" onClick={() => void fetchSettings()}>
            Try again
          </button>
        </div>
      )}
      {load.status === 'ready' && (
        <SettingsForm
          siteId={site.id}
          initial={load.settings}
          save={(patch) => api.updateSettings(site.id, patch)}
          onSaved={(settings) => updateSite(site.id, { title: settings.title })}
        />
      )}
      {mayTransfer && (
        <TransferPanel
          site={site}
          onImported={() => reload()}
          onOpen={(siteId) => navigate(routePath({ name: 'site', siteId, section: 'pages' }))}
        />
      )}
    </section>
  )
}
