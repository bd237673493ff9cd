// The Join button of a paid member area's page (chunk 'membership-join'): a recurring membership starts its
// subscription cart (POST /api/3/commerce/cart/subscription -> cartToken) and goes to its checkout; a one-off one
// is added to the cart and goes to checkout. The MEMBERSHIP_CONFIRMED page (208) follows the order.
import type { PageDeps, PageModule } from './page-module.js'
import { CHECKOUT_PAGE, subscriptionUrl } from './urls.js'

export interface JoinDeps extends PageDeps {
  navigate?: (url: string) => void
}

export function wireJoin(button: HTMLButtonElement, deps: JoinDeps): void {
  if (button.dataset.joinBound) return
  button.dataset.joinBound = 'true'
  const navigate = deps.navigate ?? ((url: string) => deps.win.location.assign(url))
  const error = button.parentElement?.querySelector<HTMLElement>('[data-join-error]') ?? null
  const label = button.textContent ?? 'Join'
  button.addEventListener('click', () => {
    if (button.disabled) return
    const itemId = button.dataset.itemId ?? ''
    const sku = button.dataset.sku ?? ''
    button.disabled = true
    button.textContent = 'Joining…'
    if (error) error.textContent = ''
    const done = (message: string) => {
      button.disabled = false
      button.textContent = label
      if (error) error.textContent = message
    }
    if (button.dataset.recurring === 'true') {
      void deps.api.subscribe({ itemId, sku, qty: 1, additionalFields: null }).then((r) => {
        const token = r.ok ? (r.data as { cartToken?: string }).cartToken : undefined
        if (token) return navigate(subscriptionUrl(token))
        done(r.ok ? 'Something went wrong' : r.message)
      })
      return
    }
    void deps.api.addEntry({ itemId, sku, quantity: 1, additionalFields: null }).then((r) => {
      if (!r.ok) return done(r.message)
      deps.store.set(r.data.shoppingCart)
      navigate(CHECKOUT_PAGE)
    })
  })
}

export const init: PageModule['init'] = (doc, deps) => {
  for (const b of doc.querySelectorAll<HTMLButtonElement>('button[data-membership-join]')) wireJoin(b, deps)
}
