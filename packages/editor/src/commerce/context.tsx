// What every commerce screen needs: the API bound to the site, the store settings (currency) and paths.
import { createContext, useContext } from 'react'
import type { CommerceApi } from './api.js'
import type { StoreSettings } from '@sitewright/contracts'

export interface CommerceValue {
  siteId: string
  /** The site's title (packing slips). */
  siteTitle?: string
  /** The signed-in role may change the site's plan (a gated setting then links to the plan screen). */
  mayChangePlan?: boolean
  api: CommerceApi
  settings: StoreSettings
  setSettings(settings: StoreSettings): void
  /** The site's time zone (site settings) for order and gift-card times; absent until known. */
  timeZone?: string | undefined
  /** Path of a commerce sub-route, e.g. path('products', id). */
  path(...parts: string[]): string
}

export const CommerceContext = createContext<CommerceValue | null>(null)

export function useCommerce(): CommerceValue {
  const value = useContext(CommerceContext)
  if (!value) throw new Error('useCommerce outside CommerceScreen')
  return value
}
