// Who is signed in (GET /api/auth/me), shared by every screen, plus the owner API instance.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { createOwnerApi, type OwnerApi } from '../api/owner.js'
import type { Me, SiteSummary } from '../api/types.js'

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; me: Me }
  | { status: 'error'; message: string }

interface SessionValue {
  state: SessionState
  api: OwnerApi
  reload(): Promise<void>
  signedIn(me: Me): void
  signOut(): Promise<void>
  /** Reflects a changed site (e.g. its title) in the site list. */
  updateSite(id: SiteSummary['id'], patch: Partial<SiteSummary>): void
}

const SessionContext = createContext<SessionValue | null>(null)

/** A read answered 401 means the session ended (logout elsewhere, expiry): back to the login screen. A failed
 * write keeps the screen (and its unsaved changes) and shows the server's message instead. */
function signOutOnExpiredRead(api: OwnerApi, onExpired: () => void): OwnerApi {
  return {
    ...api,
    getSettings: async (siteId) => {
      const res = await api.getSettings(siteId)
      if (!res.ok && res.error.status === 401) onExpired()
      return res
    },
  }
}

export function SessionProvider({ api, children }: { api?: OwnerApi; children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' })
  const [ownerApi] = useState(() =>
    signOutOnExpiredRead(api ?? createOwnerApi(), () => setState({ status: 'signed-out' })),
  )

  const reload = useCallback(async () => {
    const res = await ownerApi.me()
    if (res.ok) setState({ status: 'signed-in', me: res.data })
    else if (res.error.status === 401) setState({ status: 'signed-out' })
    else setState({ status: 'error', message: res.error.message })
  }, [ownerApi])

  useEffect(() => {
    void reload()
  }, [reload])

  const signOut = useCallback(async () => {
    await ownerApi.logout()
    setState({ status: 'signed-out' })
  }, [ownerApi])

  const updateSite = useCallback((id: SiteSummary['id'], patch: Partial<SiteSummary>) => {
    setState((s) => {
      if (s.status !== 'signed-in') return s
      const sites = s.me.sites.map((site) => (String(site.id) === String(id) ? { ...site, ...patch } : site))
      return { status: 'signed-in', me: { ...s.me, sites } }
    })
  }, [])

  const value = useMemo<SessionValue>(
    () => ({
      state,
      api: ownerApi,
      reload,
      signedIn: (me) => setState({ status: 'signed-in', me }),
      signOut,
      updateSite,
    }),
    [state, ownerApi, reload, signOut, updateSite],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext)
  if (!value) throw new Error('useSession outside SessionProvider')
  return value
}
