// The way back to the starter chooser for a site that has no pages yet (the only state in which a starter can fill
// it): shown on the empty canvas and under Settings, so an owner who left the chooser after sign-up finds it again.
// Choosing a template or adding a page (declining one) ends it. Only administrators may fill a site.
import { useEffect, useMemo, useState } from 'react'
import { createApiClient } from '../api/client.js'
import { createContentApi } from '../api/content.js'
import type { SiteSummary } from '../api/types.js'
import { useNavigation } from '../app/navigation.js'
import { routePath } from '../app/routes.js'

export function StartFromTemplate({ site }: { site: SiteSummary }) {
  const { navigate } = useNavigation()
  const href = routePath({ name: 'start', siteId: String(site.id) })
  return (
    <div className="start-from-template" data-start-from-template>
      <h2>Your site has no pages yet</h2>
      {site.roleName === 'ADMIN' ? (
        <>
          <p>Start from a template with pages, demo content, colours and fonts you can change, or add a blank page.</p>
          <a
            className="button primary"
            href={href}
            onClick={(e) => {
              e.preventDefault()
              navigate(href)
            }}
          >
            Choose a template
          </a>
        </>
      ) : (
        <p>Add a page to start. An administrator of the site can also fill it from a template.</p>
      )}
    </div>
  )
}

/** Settings' panel: the same way back, shown only while the site has no pages. */
export function StartFromTemplatePanel({ site }: { site: SiteSummary }) {
  const content = useMemo(() => createContentApi(createApiClient()), [])
  const [empty, setEmpty] = useState(false)
  useEffect(() => {
    let live = true
    void content.collections(String(site.id)).then((r) => live && setEmpty(r.ok && r.data.collections.length === 0))
    return () => {
      live = false
    }
  }, [content, site.id])
  return empty ? (
    <section className="settings-panel" aria-label="Start from a template">
      <StartFromTemplate site={site} />
    </section>
  ) : null
}
