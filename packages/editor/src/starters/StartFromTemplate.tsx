// The way back to the starter chooser for a site that has no pages yet (the only state in which a starter can fill
// it): shown on the empty canvas until the owner chose a template or declined the chooser ('Start from a blank
// site', kept by the server across sign-ins), and under Settings for as long as the site has no pages. Only
// administrators may fill a site.
import { useEffect, useMemo, useState } from 'react'
import type { StarterOffer } from '@sitewright/contracts'
import { createStartersApi } from '../api/starters.js'
import type { SiteSummary } from '../api/types.js'
import { useNavigation } from '../app/navigation.js'
import { routePath } from '../app/routes.js'

/** The site's starter offer (null until known). */
function useStarterOffer(siteId: string): StarterOffer | null {
  const api = useMemo(() => createStartersApi(), [])
  const [offer, setOffer] = useState<StarterOffer | null>(null)
  useEffect(() => {
    let live = true
    void api.offer(siteId).then((r) => live && setOffer(r.ok ? r.data.starter : null))
    return () => {
      live = false
    }
  }, [api, siteId])
  return offer
}

function ChooseTemplateLink({ site }: { site: SiteSummary }) {
  const { navigate } = useNavigation()
  const href = routePath({ name: 'start', siteId: String(site.id) })
  return (
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
  )
}

/** The empty canvas: the chooser is offered until the owner declined it. */
export function StartFromTemplate({ site }: { site: SiteSummary }) {
  const offer = useStarterOffer(String(site.id))
  const offered = site.roleName === 'ADMIN' && offer !== null && offer.empty && !offer.declined
  return (
    <div className="start-from-template" data-start-from-template>
      <h2>Your site has no pages yet</h2>
      {offered ? (
        <>
          <p>Start from a template with pages, demo content, colours and fonts you can change, or add a blank page.</p>
          <ChooseTemplateLink site={site} />
        </>
      ) : site.roleName === 'ADMIN' ? (
        offer && <p>Add your first page under “Add a page”. While the site has no pages, a template can still fill it from Settings.</p>
      ) : (
        <p>Add a page to start. An administrator of the site can also fill it from a template.</p>
      )}
    </div>
  )
}

/** Settings' panel: the same way back, shown while the site has no pages (declined or not). */
export function StartFromTemplatePanel({ site }: { site: SiteSummary }) {
  const offer = useStarterOffer(String(site.id))
  return offer?.empty ? (
    <section className="settings-panel" aria-label="Start from a template">
      <div className="start-from-template" data-start-from-template>
        <h2>Your site has no pages yet</h2>
        <p>Start from a template with pages, demo content, colours and fonts you can change.</p>
        <ChooseTemplateLink site={site} />
      </div>
    </section>
  ) : null
}
