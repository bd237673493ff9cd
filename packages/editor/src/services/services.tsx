// What editor screens talk to, provided once per site: the site, its APIs and the pages a link can point at.
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { createApiClient } from '../api/client.js'
import { createContentApi, type ContentApi } from '../api/content.js'
import { createFilesApi, type FilesApi } from '../api/files.js'
import { createHistoryApi, type HistoryApi } from '../api/history.js'
import { createStylesApi, type StylesApi } from '../api/styles.js'
import type { SiteSummary } from '../api/types.js'

export interface EditorServices {
  site: SiteSummary
  siteId: string
  content: ContentApi
  files: FilesApi
  styles: StylesApi
  history: HistoryApi
}

const Ctx = createContext<EditorServices | null>(null)

export function ServicesProvider({ site, children, apis }: { site: SiteSummary; children: ReactNode; apis?: Partial<EditorServices> }) {
  const value = useMemo<EditorServices>(() => {
    const client = createApiClient()
    return {
      site,
      siteId: String(site.id),
      content: apis?.content ?? createContentApi(client),
      files: apis?.files ?? createFilesApi(client),
      styles: apis?.styles ?? createStylesApi(client),
      history: apis?.history ?? createHistoryApi(client),
    }
  }, [site, apis])
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>
}

export function useServices(): EditorServices {
  const v = useContext(Ctx)
  if (!v) throw new Error('useServices outside ServicesProvider')
  return v
}
