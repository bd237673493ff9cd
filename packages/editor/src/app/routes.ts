// URL <-> screen mapping. Paths live under the Vite base (/config/).
import { BILLING_SCREENS } from '@sitewright/contracts'
import { SECTION_IDS, type SectionId } from '../shell/sections.js'

export type Route =
  | { name: 'home' }
  | { name: 'login' }
  | { name: 'signup' }
  | { name: 'site'; siteId: string; section: SectionId }
  | { name: 'invitation' }
  /** The starter chooser: for a new site, or (siteId) to fill the site just made at sign-up. */
  | { name: 'start'; siteId?: string }
  /** The plan screens (the specification's paths under /config); the site comes from `?site=`. */
  | { name: 'billing'; screen: 'upgrade' | 'change-plan' }
  | { name: 'not-found' }

/** Where the server serves the editor; equals `base` in vite.config.ts. */
export const BASE = '/config/'

const editorRoot = () => BASE.replace(/\/$/, '')

function billingScreenOf(path: string): 'upgrade' | 'change-plan' | null {
  const p = path.replace(/\/$/, '')
  if (p === `${editorRoot()}${BILLING_SCREENS.upgrade}`) return 'upgrade'
  if (p === `${editorRoot()}${BILLING_SCREENS.changePlan}`) return 'change-plan'
  return null
}

export function parseRoute(pathname: string): Route {
  const root = BASE.replace(/\/$/, '')
  if (pathname !== root && !pathname.startsWith(BASE)) return { name: 'not-found' }
  const path = pathname.split('?')[0]!
  const billing = billingScreenOf(path)
  if (billing) return { name: 'billing', screen: billing }
  const parts = path.slice(BASE.length).split('/').filter(Boolean).map(decodeURIComponent)
  if (parts.length === 0) return { name: 'home' }
  if (parts.length === 1 && parts[0] === 'login') return { name: 'login' }
  if (parts.length === 1 && parts[0] === 'signup') return { name: 'signup' }
  if (parts.length === 1 && parts[0] === 'invitation') return { name: 'invitation' }
  if (parts[0] === 'start' && parts.length <= 2) return parts[1] ? { name: 'start', siteId: parts[1] } : { name: 'start' }
  // Commerce, Pages, Forms and Settings have their own sub-routes (products/<id>, pages/<collectionId>,
  // forms/<id>/submissions, settings/connected-accounts), read by their screens.
  const sub =
    parts[2] === 'commerce' ||
    (parts[2] === 'pages' && parts.length === 4) ||
    (parts[2] === 'forms' && parts.length <= 5) ||
    (parts[2] === 'settings' && parts.length === 4)
  if (parts[0] === 'sites' && parts[1] && (parts.length <= 3 || sub)) {
    const section = parts[2] ?? 'pages'
    if ((SECTION_IDS as readonly string[]).includes(section))
      return { name: 'site', siteId: parts[1], section: section as SectionId }
  }
  return { name: 'not-found' }
}

export function routePath(route: Route): string {
  switch (route.name) {
    case 'login':
      return `${BASE}login`
    case 'signup':
      return `${BASE}signup`
    case 'invitation':
      return `${BASE}invitation`
    case 'start':
      return route.siteId ? `${BASE}start/${encodeURIComponent(route.siteId)}` : `${BASE}start`
    case 'billing':
      return `${editorRoot()}${route.screen === 'upgrade' ? BILLING_SCREENS.upgrade : BILLING_SCREENS.changePlan}`
    case 'site':
      return `${BASE}sites/${encodeURIComponent(route.siteId)}/${route.section}`
    default:
      return BASE
  }
}
