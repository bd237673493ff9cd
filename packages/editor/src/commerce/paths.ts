// Commerce sub-routes under /config/sites/:siteId/commerce/...
import { routePath } from '../app/routes.js'

export type CommerceRoute =
  | { tab: 'products' }
  | { tab: 'products'; productId: string }
  | { tab: 'products'; newIn: string }
  | { tab: 'inventory' }
  | { tab: 'orders' }
  | { tab: 'orders'; orderId: string }
  | { tab: 'gift-cards' }
  | { tab: 'promotions' }
  | { tab: 'abandoned-checkouts' }
  | { tab: 'settings' }
  | { tab: 'emails' }
  | { tab: 'reviews' }
  | { tab: 'restock' }
  | { tab: 'not-found' }

export type CommerceTab = 'products' | 'inventory' | 'orders' | 'gift-cards' | 'promotions' | 'abandoned-checkouts' | 'reviews' | 'restock' | 'emails' | 'settings'

export const TABS: readonly { id: CommerceTab; label: string }[] = [
  { id: 'products', label: 'Products' },
  { id: 'inventory', label: 'Inventory' },
  { id: 'orders', label: 'Orders' },
  { id: 'gift-cards', label: 'Gift cards' },
  { id: 'promotions', label: 'Promotions' },
  { id: 'abandoned-checkouts', label: 'Abandoned checkouts' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'restock', label: 'Restock' },
  { id: 'emails', label: 'Emails' },
  { id: 'settings', label: 'Store settings' },
]

export function commerceBase(siteId: string): string {
  return routePath({ name: 'site', siteId, section: 'commerce' })
}

/** The commerce route of `pathname` (anything under the site's commerce section). */
export function parseCommercePath(pathname: string, siteId: string): CommerceRoute {
  const base = commerceBase(siteId)
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return { tab: 'not-found' }
  const parts = pathname.slice(base.length).split('/').filter(Boolean).map(decodeURIComponent)
  const [tab, a, b] = parts
  if (!tab || (tab === 'products' && parts.length === 1)) return { tab: 'products' }
  if (tab === 'products' && a === 'new' && b && parts.length === 3) return { tab: 'products', newIn: b }
  if (tab === 'products' && a && parts.length === 2) return { tab: 'products', productId: a }
  if (tab === 'orders' && parts.length === 1) return { tab: 'orders' }
  if (tab === 'orders' && a && parts.length === 2) return { tab: 'orders', orderId: a }
  if ((tab === 'inventory' || tab === 'gift-cards' || tab === 'promotions' || tab === 'abandoned-checkouts' || tab === 'emails' || tab === 'reviews' || tab === 'restock' || tab === 'settings') && parts.length === 1) return { tab }
  return { tab: 'not-found' }
}

export function commercePath(siteId: string, ...parts: string[]): string {
  const base = commerceBase(siteId)
  return parts.length ? `${base}/${parts.map(encodeURIComponent).join('/')}` : base
}
