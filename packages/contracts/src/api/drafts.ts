// Drafts of the site styles and the navigation (issue 36): the owner's changes show in the editor's canvas and the
// private preview (GET /config/preview), and visitors see them after Publish.
import type { SiteStyles } from '../styles.js'
import type { Navigation } from './content.js'

/** One page's place in the navigation. */
export interface NavigationPlace {
  id: string
  navigation: string
  ordering: number
  navigationTitle: string
  parentId: string | null
}

/** GET/PUT /api/sites/{siteId}/content/navigation: the navigation as the owner sees it (the draft where there is one). */
export interface NavigationState {
  pages: NavigationPlace[]
  /** True while the draft differs from what visitors see. */
  unpublished: boolean
  /** Epoch ms of the draft's last change; null without a draft. */
  updatedOn: number | null
}

/** PUT /api/sites/{siteId}/content/navigation: pages in their new order (a section's pages in tree order). */
export interface NavigationDraftPut {
  pages: { id: string; navigation: Navigation; parentId?: string | null; navigationTitle?: string }[]
}

/** POST /api/sites/{siteId}/content/navigation/publish. */
export interface NavigationPublished {
  /** Pages whose place changed. */
  published: number
  navigation: NavigationState
}

/** GET/PUT /api/sites/{siteId}/styles and DELETE .../styles/draft. */
export interface StylesState {
  /** The styles as the owner sees them: the draft where there is one, else the published ones. */
  styles: SiteStyles
  /** Epoch ms of the last save; null while the site keeps the theme's own look. */
  updatedOn: number | null
  /** True while the changes are not published (visitors see the published styles). */
  unpublished: boolean
}

/** POST /api/sites/{siteId}/styles/publish. */
export interface StylesPublished {
  /** False when there was no draft to publish. */
  published: boolean
  styles: StylesState
}
