// The signed-in frame: header (site switcher, account), section navigation, and the current section.
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import type { Me, SiteSummary } from '../api/types.js'
import { useNavigation } from '../app/navigation.js'
import { routePath } from '../app/routes.js'
import { useSession } from '../app/session.js'
import { ServicesProvider } from '../services/services.js'
import { EmptyState } from './EmptyState.js'
import { Nav } from './Nav.js'
import { sectionAllowed, sectionById, type SectionId } from './sections.js'
import { SiteSwitcher } from './SiteSwitcher.js'
import { createStartersApi } from '../api/starters.js'
import { FEATURE_FLAGS } from '@sitewright/contracts'
import { FeatureGate } from '../plans/FeatureGate.js'
import { PlanSummary } from '../plans/PlanSummary.js'
import { TrialBanner } from '../plans/TrialBanner.js'
import { parseSettingsTab, settingsTabsFor } from '../settings/paths.js'

// The Pages section (block editor, Tiptap) loads on first use, keeping the shell's first load small.
// Every screen is its own chunk, fetched when first opened.
const CommerceScreen = lazy(() => import('../commerce/CommerceScreen.js').then((m) => ({ default: m.CommerceScreen })))
const FormsScreen = lazy(() => import('../forms/FormsScreen.js').then((m) => ({ default: m.FormsScreen })))
const SettingsScreen = lazy(() => import('../settings/SettingsScreen.js').then((m) => ({ default: m.SettingsScreen })))
const ConnectedAccountsScreen = lazy(() => import('../settings/ConnectedAccountsScreen.js').then((m) => ({ default: m.ConnectedAccountsScreen })))
const DomainsScreen = lazy(() => import('../settings/DomainsScreen.js').then((m) => ({ default: m.DomainsScreen })))
const ImportScreen = lazy(() => import('../settings/ImportScreen.js').then((m) => ({ default: m.ImportScreen })))
const ContributorsScreen = lazy(() => import('../contributors/ContributorsScreen.js').then((m) => ({ default: m.ContributorsScreen })))
const PagesScreen = lazy(() => import('../pages/PagesScreen.js').then((m) => ({ default: m.PagesScreen })))
const OnboardingChecklist = lazy(() => import('../starters/OnboardingChecklist.js').then((m) => ({ default: m.OnboardingChecklist })))
const MembersScreen = lazy(() => import('../members/MembersScreen.js').then((m) => ({ default: m.MembersScreen })))
const BillingScreen = lazy(() => import('../plans/BillingScreen.js').then((m) => ({ default: m.BillingScreen })))
const SiteHistoryScreen = lazy(() => import('../history/SiteHistoryScreen.js').then((m) => ({ default: m.SiteHistoryScreen })))
const AnalyticsScreen = lazy(() => import('../analytics/AnalyticsScreen.js').then((m) => ({ default: m.AnalyticsScreen })))

interface Props {
  me: Me
  site: SiteSummary
  section: SectionId
  /** One of the plan screens instead of the section's own. */
  billing?: 'upgrade' | 'change-plan' | undefined
}

export function Shell({ me, site, section, billing }: Props) {
  const { navigate, confirmLeave, pathname } = useNavigation()
  const { signOut, reload } = useSession()
  const [duplicating, setDuplicating] = useState(false)
  const [copyError, setCopyError] = useState<string | null>(null)
  const mayCopy = !site.capabilities || site.capabilities.includes('settings.edit')

  async function duplicate() {
    if (!window.confirm(`Make a copy of "${site.title}" with all its pages, posts, products, styles and files?`)) return
    setDuplicating(true)
    setCopyError(null)
    const res = await createStartersApi().duplicateSite(String(site.id))
    setDuplicating(false)
    if (!res.ok) return setCopyError(res.error.message)
    await reload()
    navigate(routePath({ name: 'site', siteId: String(res.data.site.id), section: 'pages' }))
  }
  const siteId = String(site.id)
  // Settings screens: General at the section's address, the others at settings/<tab>
  const settingsTab = section === 'settings' && !billing ? parseSettingsTab(pathname, siteId) : null
  const mayChangePlan = !site.capabilities || site.capabilities.includes('billing')
  const main = useRef<HTMLElement>(null)
  const first = useRef(true)

  // After moving to another section or site, put focus on its heading so keyboard and screen-reader users
  // land on the new content (not on the first load).
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus()
  }, [section, siteId, settingsTab])

  // The canvas takes the whole width on Pages: there the checklist is the navigation row's last item, folded (it
  // never covers the canvas); elsewhere a card at the foot of the navigation column.
  const onCanvas = section === 'pages' && !billing
  const checklist = (!site.capabilities || site.capabilities.includes('content')) && (
    <Suspense fallback={null}>
      <OnboardingChecklist key={siteId} siteId={siteId} inline={onCanvas} />
    </Suspense>
  )

  return (
    <div className={onCanvas ? 'shell shell-pages' : 'shell'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">Sitewright</span>
        <SiteSwitcher
          sites={me.sites}
          currentId={siteId}
          onSwitch={(id) => navigate(routePath({ name: 'site', siteId: id, section }))}
          onNewSite={() => confirmLeave(() => navigate(routePath({ name: 'start' })))}
          {...(mayCopy ? { onDuplicate: () => confirmLeave(() => void duplicate()), duplicating } : {})}
        />
        <a className="view-site" href={site.url} target="_blank" rel="noreferrer">
          View site
        </a>
        <span className="account" title={me.user.email}>
          {me.user.name || me.user.email}
        </span>
        <button
          type="button"
          className="button secondary small"
          onClick={() => confirmLeave(() => void signOut())}
        >
          Log out
        </button>
      </header>
      <Nav siteId={siteId} current={section} capabilities={site.capabilities} end={onCanvas && checklist} />
      {copyError && (
        <p className="alert topbar-alert" role="alert">
          {copyError}
        </p>
      )}
      {!onCanvas && checklist}
      <main id="main" className="content" ref={main}>
        <TrialBanner siteId={siteId} mayChangePlan={mayChangePlan} />
        {billing ? (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <BillingScreen key={`${siteId}-${billing}`} site={site} screen={billing} />
          </Suspense>
        ) : !sectionAllowed(section, site.capabilities) ? (
          <section className="page-status">
            <h1 tabIndex={-1}>{sectionById(section).label}</h1>
            <p>Your role on this site ({site.roleName.toLowerCase().replace(/_/g, ' ')}) does not include {sectionById(section).label}.</p>
          </section>
        ) : section === 'pages' ? (
          <ServicesProvider key={siteId} site={site}>
            <Suspense fallback={<p role="status">Loading…</p>}>
              <PagesScreen />
            </Suspense>
          </ServicesProvider>
        ) : section === 'settings' && settingsTab === 'connected-accounts' ? (
          settingsTabsFor(site.capabilities).some((t) => t.id === 'connected-accounts') ? (
            <Suspense fallback={<p role="status">Loading…</p>}>
              <ConnectedAccountsScreen key={siteId} site={site} />
            </Suspense>
          ) : (
            <section className="page-status">
              <h1 tabIndex={-1}>Connected accounts</h1>
              <p>Your role on this site ({site.roleName.toLowerCase().replace(/_/g, ' ')}) does not include the connected accounts.</p>
            </section>
          )
        ) : section === 'settings' && settingsTab === 'domains' ? (
          settingsTabsFor(site.capabilities).some((t) => t.id === 'domains') ? (
            <Suspense fallback={<p role="status">Loading…</p>}>
              <DomainsScreen key={siteId} site={site} />
            </Suspense>
          ) : (
            <section className="page-status">
              <h1 tabIndex={-1}>Domains</h1>
              <p>Your role on this site ({site.roleName.toLowerCase().replace(/_/g, ' ')}) does not include the custom domains.</p>
            </section>
          )
        ) : section === 'settings' && settingsTab === 'import' ? (
          settingsTabsFor(site.capabilities).some((t) => t.id === 'import') ? (
            <Suspense fallback={<p role="status">Loading…</p>}>
              <ImportScreen key={siteId} site={site} />
            </Suspense>
          ) : (
            <section className="page-status">
              <h1 tabIndex={-1}>Import</h1>
              <p>Your role on this site ({site.roleName.toLowerCase().replace(/_/g, ' ')}) does not include importing from another platform.</p>
            </section>
          )
        ) : section === 'settings' && settingsTab === 'not-found' ? (
          <section className="page-status">
            <h1 tabIndex={-1}>Page not found</h1>
            <p>There is nothing at this address in Settings.</p>
          </section>
        ) : section === 'settings' ? (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <SettingsScreen key={siteId} site={site} />
            {mayChangePlan && <PlanSummary siteId={siteId} />}
            {site.capabilities?.includes('contributors') && <ContributorsScreen key={siteId} site={site} />}
          </Suspense>
        ) : section === 'commerce' ? (
          <FeatureGate flag={FEATURE_FLAGS.COMMERCE} siteId={siteId} title="Commerce" mayChangePlan={mayChangePlan}>
            <Suspense fallback={<p role="status">Loading…</p>}>
              <CommerceScreen key={siteId} site={site} />
            </Suspense>
          </FeatureGate>
        ) : section === 'members' ? (
          <FeatureGate flag={FEATURE_FLAGS.SITE_USER_ACCOUNTS} siteId={siteId} title="Members" mayChangePlan={mayChangePlan}>
            <Suspense fallback={<p role="status">Loading…</p>}>
              <MembersScreen key={siteId} site={site} />
            </Suspense>
          </FeatureGate>
        ) : section === 'forms' ? (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <FormsScreen key={siteId} site={site} />
          </Suspense>
        ) : section === 'history' ? (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <SiteHistoryScreen key={siteId} site={site} />
          </Suspense>
        ) : section === 'analytics' ? (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <AnalyticsScreen key={siteId} site={site} />
          </Suspense>
        ) : (
          <EmptyState section={sectionById(section)} />
        )}
      </main>
    </div>
  )
}
