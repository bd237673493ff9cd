// The Commerce section: loads the store settings (currency for every amount), then shows the tab of the current
// sub-route: products (list and editor), inventory, orders (list and detail), gift cards and store settings.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { createOwnerApi } from '../api/owner.js'
import type { SiteSummary } from '../api/types.js'
import { Link, useNavigation } from '../app/navigation.js'
import { createCommerceApi, type CommerceApi } from './api.js'
import { CommerceContext, useCommerce, type CommerceValue } from './context.js'
import { FeatureGate } from '../plans/FeatureGate.js'
import { GiftCardsScreen } from './giftcards/GiftCardsScreen.js'
import { PromotionsScreen } from './promotions/PromotionsScreen.js'
import { AbandonedCheckoutsScreen } from './recovery/AbandonedCheckoutsScreen.js'
import { InventoryScreen } from './inventory/InventoryScreen.js'
import { OrderDetail } from './orders/OrderDetail.js'
import { OrdersList } from './orders/OrdersList.js'
import { commercePath, parseCommercePath, TABS, type CommerceRoute } from './paths.js'
import { ProductEditor } from './products/ProductEditor.js'
import { ProductList } from './products/ProductList.js'
import { StoreSettingsScreen } from './settings/StoreSettingsScreen.js'
import { EmailsScreen } from './emails/EmailsScreen.js'
import { RestockScreen } from './restock/RestockScreen.js'
import { ReviewsScreen } from './reviews/ReviewsScreen.js'
import { FEATURE_FLAGS, type StoreSettings } from '@sitewright/contracts'
import { LoadError, Loading } from './ui.js'
import './commerce.css'

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; settings: StoreSettings }

export function CommerceScreen({ site, api: given }: { site: SiteSummary; api?: CommerceApi }) {
  const siteId = String(site.id)
  const { pathname } = useNavigation()
  const api = useMemo(() => given ?? createCommerceApi(siteId), [given, siteId])
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [timeZone, setTimeZone] = useState<string | undefined>(undefined)
  const route = parseCommercePath(pathname, siteId)

  // Order and gift-card times are shown in the site's time zone (site settings; a role that cannot read them keeps
  // the browser's zone).
  useEffect(() => {
    let live = true
    void createOwnerApi()
      .getSettings(siteId)
      .then((r) => live && r.ok && setTimeZone(r.data.settings.timeZone))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [siteId])

  const fetchSettings = useCallback(async () => {
    setLoad({ status: 'loading' })
    const res = await api.settings()
    setLoad(res.ok ? { status: 'ready', settings: res.data } : { status: 'error', message: res.error.message })
  }, [api])

  useEffect(() => {
    void fetchSettings()
  }, [fetchSettings])

  const value = useMemo<CommerceValue | null>(
    () =>
      load.status === 'ready'
        ? {
            siteId,
            siteTitle: site.title,
            mayChangePlan: !site.capabilities || site.capabilities.includes('billing'),
            api,
            settings: load.settings,
            timeZone,
            setSettings: (settings) => setLoad({ status: 'ready', settings }),
            path: (...parts) => commercePath(siteId, ...parts),
          }
        : null,
    [load, siteId, site.title, site.capabilities, api, timeZone],
  )

  return (
    <section className="commerce" aria-labelledby="commerce-title">
      <h1 id="commerce-title" tabIndex={-1}>
        Commerce
      </h1>
      <nav className="commerce-tabs" aria-label="Commerce">
        <ul>
          {TABS.map((t) => (
            <li key={t.id}>
              <Link to={commercePath(siteId, t.id)} aria-current={route.tab === t.id ? 'page' : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {load.status === 'loading' && <Loading what="the store" />}
      {load.status === 'error' && <LoadError message={load.message} retry={() => void fetchSettings()} />}
      {value && (
        <CommerceContext.Provider value={value}>
          <Tab route={route} />
        </CommerceContext.Provider>
      )}
    </section>
  )
}

/** Abandoned-checkout recovery is a Commerce-plan feature (ABANDONED_CART_RECOVERY): other plans see which plan has it. */
function GatedRecovery() {
  const { siteId, mayChangePlan } = useCommerce()
  return (
    <FeatureGate flag={FEATURE_FLAGS.ABANDONED_CART_RECOVERY} siteId={siteId} title="Abandoned checkouts" mayChangePlan={mayChangePlan ?? true}>
      <AbandonedCheckoutsScreen />
    </FeatureGate>
  )
}

function Tab({ route }: { route: CommerceRoute }) {
  switch (route.tab) {
    case 'products':
      if ('productId' in route) return <ProductEditor key={route.productId} productId={route.productId} />
      if ('newIn' in route) return <ProductEditor key={`new-${route.newIn}`} collectionId={route.newIn} />
      return <ProductList />
    case 'inventory':
      return <InventoryScreen />
    case 'orders':
      return 'orderId' in route ? <OrderDetail key={route.orderId} orderId={route.orderId} /> : <OrdersList />
    case 'gift-cards':
      return <GiftCardsScreen />
    case 'promotions':
      return <PromotionsScreen />
    case 'abandoned-checkouts':
      return <GatedRecovery />
    case 'settings':
      return <StoreSettingsScreen />
    case 'emails':
      return <EmailsScreen />
    case 'reviews':
      return <ReviewsScreen />
    case 'restock':
      return <RestockScreen />
    default:
      return (
        <div className="empty-state">
          <h2>Page not found</h2>
          <p>There is nothing at this address in Commerce.</p>
        </div>
      )
  }
}
