// Visitor behaviour of published content pages. The navigation (on every page) is in the entry; every other
// module is its own chunk, fetched only when its markup is on the page.
import { initNav } from './nav.js'
import type { ContentDeps, ContentModule } from './types.js'

export type { ContentDeps } from './types.js'

interface LazyModule {
  selector: string
  load: () => Promise<ContentModule>
}

export const CONTENT_MODULES: Record<string, LazyModule> = {
  carousels: { selector: '[data-carousel]', load: () => import('./carousel.js').then((m) => m.initCarousels) },
  galleries: { selector: '[data-gallery][data-lightbox="true"]', load: () => import('./gallery.js').then((m) => m.initGalleries) },
  likes: { selector: '.sqs-simple-like[data-item-id]', load: () => import('./likes.js').then((m) => m.initLikes) },
  comments: { selector: 'form[data-comment-form], [data-disqus]', load: () => import('./comments.js').then((m) => m.initComments) },
  lock: { selector: 'form[data-lock-form]', load: () => import('./lock.js').then((m) => m.initLock) },
  popups: { selector: '[data-popup-overlay]', load: () => import('./popup.js').then((m) => m.initPopups) },
  albums: { selector: '[data-album]', load: () => import('./album.js').then((m) => m.initAlbums) },
  videos: { selector: '[data-video][data-html]', load: () => import('./media.js').then((m) => m.initVideos) },
  code: { selector: 'pre.line-numbers > code', load: () => import('./media.js').then((m) => m.initCode) },
}

/** Wires every content behaviour found under `root`; resolves with how many elements each module enhanced. */
export async function initContent(root: ParentNode, deps: ContentDeps = {}): Promise<Record<string, number>> {
  const counts: Record<string, number> = { nav: initNav(root, deps) }
  await Promise.all(
    Object.entries(CONTENT_MODULES).map(async ([name, mod]) => {
      if (!root.querySelector(mod.selector)) return
      try {
        counts[name] = (await mod.load())(root, deps)
      } catch (e) {
        console.error(`content module ${name} failed`, e)
        counts[name] = 0
      }
    }),
  )
  return counts
}
