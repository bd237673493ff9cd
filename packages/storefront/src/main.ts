// Entry of /assets/storefront/storefront.js, loaded by published pages as <script type="module">.
import { boot, safeLocalStorage } from './boot.js'
import { wireAnchors } from './core/motion.js'
import { rememberLanguage } from './core/language.js'
import { ISLANDS } from './islands/registry.js'
import './content/start.js' // content pages: nav, galleries, likes, comments, lock screens, popups
import './forms/start.js' // site and newsletter forms: loads the forms chunk when a form is on the page
import './members/start.js' // site members: account link label, sign-in/up/reset and account forms (lazy chunk)
import { createCommerce } from './commerce/start.js' // store: cart, pill, product pages, cart page, checkout

function start() {
  rememberLanguage(document) // the language of the page seen last (a site in several languages)
  wireAnchors(document) // in-page anchors scroll with the one tween (reduced motion respected)
  const commerce = createCommerce(window)
  const storefront = boot({ doc: document, storage: safeLocalStorage(window), islands: ISLANDS, loadCart: commerce.loadCart })
  void commerce.attach(storefront.bus)
  // the latest cart stays readable for chunks that start after it loaded (the tracker's cart events)
  let cart: unknown = null
  storefront.bus.on('cart:updated', (e) => (cart = e.cart))
  ;(window as Window & { Sitewright?: unknown }).Sitewright = { bus: storefront.bus, cart: () => cart }
  // Analytics, consent banner and error reporter: a lazy chunk, so it never delays the page.
  void import('./tracking/tracker.js').then((m) => m.startTracking(window)).catch(() => {})
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
else start()
