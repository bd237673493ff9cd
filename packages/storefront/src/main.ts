// Entry of /assets/storefront/storefront.js, loaded by published pages as <script type="module">.
import { boot, safeLocalStorage } from './boot.js'
import { ISLANDS } from './islands/registry.js'
import './content/start.js' // content pages: nav, galleries, likes, comments, lock screens, popups

function start() {
  const storefront = boot({ doc: document, storage: safeLocalStorage(window), islands: ISLANDS })
  ;(window as Window & { Sitewright?: unknown }).Sitewright = { bus: storefront.bus }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
else start()
