// Picks the screen for the current URL and session; redirects between them where needed.
import { Suspense, lazy, useEffect } from 'react'
import { LoginScreen } from '../auth/LoginScreen.js'
import { SignupScreen } from '../auth/SignupScreen.js'
import { PlanProvider } from '../plans/PlanContext.js'
import { Shell } from '../shell/Shell.js'
import { sectionById } from '../shell/sections.js'
import { Link, useNavigation } from './navigation.js'
import { parseRoute, routePath, type Route } from './routes.js'
import { useSession, type SessionState } from './session.js'
import { keepInvitation, pendingInvitation } from './invitation.js'

const StarterChooser = lazy(() => import('../starters/StarterChooser.js').then((m) => ({ default: m.StarterChooser })))
const InvitationScreen = lazy(() => import('../contributors/InvitationScreen.js').then((m) => ({ default: m.InvitationScreen })))

export const LAST_SITE_KEY = 'sitewright:last-site'

/** The site of a plan screen: `?site=`, else the last site used, else the first. */
function billingSite<S extends { id: string | number }>(sites: readonly S[]): S | undefined {
  const wanted = new URLSearchParams(window.location.search).get('site') ?? rememberedSite()
  return sites.find((s) => String(s.id) === wanted) ?? sites[0]
}

function rememberedSite(): string | null {
  try {
    return window.localStorage.getItem(LAST_SITE_KEY)
  } catch {
    return null
  }
}

/** Where the current route should send the owner instead, if anywhere. */
export function redirectFor(route: Route, state: SessionState): string | null {
  if (state.status === 'signed-out')
    return route.name === 'login' || route.name === 'signup' ? null : routePath({ name: 'login' })
  if (state.status !== 'signed-in') return null
  if (route.name !== 'home' && route.name !== 'login' && route.name !== 'signup') return null
  // an invitation link opened while signed out: back to it once signed in (or up)
  if (pendingInvitation()) return routePath({ name: 'invitation' })
  const sites = state.me.sites
  const last = rememberedSite()
  const site = sites.find((s) => String(s.id) === last) ?? sites[0]
  return site ? routePath({ name: 'site', siteId: String(site.id), section: 'pages' }) : null
}

export function Screens() {
  const { pathname, navigate } = useNavigation()
  const { state, reload } = useSession()
  const route = parseRoute(pathname)
  if (route.name === 'invitation') keepInvitation(window.location.search)
  const redirect = redirectFor(route, state)

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true })
  }, [redirect, navigate])

  const site =
    state.status === 'signed-in' && route.name === 'site'
      ? state.me.sites.find((s) => String(s.id) === route.siteId)
      : state.status === 'signed-in' && route.name === 'billing'
        ? billingSite(state.me.sites)
        : undefined

  useEffect(() => {
    if (site && route.name === 'billing') document.title = `${route.screen === 'upgrade' ? 'Upgrade' : 'Change plan'} · ${site.title} · Sitewright`
    else if (site && route.name === 'site') {
      document.title = `${sectionById(route.section).label} · ${site.title} · Sitewright`
      try {
        window.localStorage.setItem(LAST_SITE_KEY, String(site.id))
      } catch {
        // storage unavailable: the first site is used next time
      }
    } else document.title = 'Sitewright'
  }, [site, route])

  if (state.status === 'loading')
    return (
      <p className="page-status" role="status">
        Loading…
      </p>
    )
  if (state.status === 'error')
    return (
      <div className="page-status alert" role="alert">
        {state.message}{' '}
        <button type="button" className="button secondary small" onClick={() => void reload()}>
          Try again
        </button>
      </div>
    )
  if (state.status === 'signed-out') return route.name === 'signup' ? <SignupScreen /> : <LoginScreen />
  if (redirect) return null
  if (route.name === 'invitation')
    return (
      <Suspense fallback={<p className="page-status" role="status">Loading…</p>}>
        <InvitationScreen />
      </Suspense>
    )
  if (route.name === 'start')
    return (
      <Suspense fallback={<p className="page-status" role="status">Loading…</p>}>
        <StarterChooser siteId={route.siteId} />
      </Suspense>
    )
  if ((route.name === 'site' || route.name === 'billing') && site)
    return (
      <PlanProvider key={String(site.id)} siteId={String(site.id)}>
        <Shell me={state.me} site={site} section={route.name === 'site' ? route.section : 'settings'} billing={route.name === 'billing' ? route.screen : undefined} />
      </PlanProvider>
    )
  return (
    <main className="page-status">
      <h1>
        {route.name === 'site' ? 'Site not found' : state.me.sites.length ? 'Page not found' : 'No sites yet'}
      </h1>
      <p>
        {route.name === 'site'
          ? 'This site does not exist or you have no role on it.'
          : state.me.sites.length
            ? 'There is nothing at this address.'
            : 'Your account is not a member of any site.'}
      </p>
      {state.me.sites.length > 0 && <Link to={routePath({ name: 'home' })}>Go to your site</Link>}
    </main>
  )
}
