// Sub-routes of the Pages section: /config/sites/:siteId/pages[/<collectionId>|/style].
import { BASE } from '../app/routes.js'

export type PagesRoute = { view: 'overview' } | { view: 'style' } | { view: 'collection'; id: string }

export function pagesPath(siteId: string, route: PagesRoute): string {
  const base = `${BASE}sites/${encodeURIComponent(siteId)}/pages`
  if (route.view === 'style') return `${base}/style`
  if (route.view === 'collection') return `${base}/${encodeURIComponent(route.id)}`
  return base
}

export function parsePagesPath(pathname: string, siteId: string): PagesRoute {
  const prefix = `${BASE}sites/${encodeURIComponent(siteId)}/pages/`
  if (!pathname.startsWith(prefix)) return { view: 'overview' }
  const rest = decodeURIComponent(pathname.slice(prefix.length).replace(/\/$/, ''))
  if (!rest) return { view: 'overview' }
  if (rest === 'style') return { view: 'style' }
  return { view: 'collection', id: rest }
}
