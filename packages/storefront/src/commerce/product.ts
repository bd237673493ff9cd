// Product page behaviour (chunk 'commerce-product-variants'): variant selectors, quantity input, the
// add-to-cart button and the instalment offer of every product on the page (detail pages and product blocks).
import type { StorefrontBus } from '../events.js'
import { addToCart, buttonLabel, type AddDeps, type ProductInfo } from './add-to-cart.js'
import type { CommerceApi } from './api.js'
import { createButtonMachine, isActivationKey, type Timers } from './button.js'
import type { CartStore } from './cart-store.js'
import { DEFAULT_CURRENCY } from './money.js'
import { SOLD_OUT_TEXT, showRestock, showScarcity, showSoldOut, showVariantImage, showVariantPrice } from './product-view.js'
import { applyQuantityRules } from './quantity.js'
import { ProductType, type Variant } from './types.js'
import { bindVariantControls, effectiveCents, isSoldOutVariant, resolveVariant, type Selection } from './variants.js'

export const BUTTON_SELECTOR = '.sqs-add-to-cart-button[data-item-id]'

export interface ProductDeps extends Omit<AddDeps, 'collectFields'> {
  bus: StorefrontBus
  timers?: Timers
  navigate?: (url: string) => void
  alert?: (title: string, message: string) => void
  /** Opens the additional-fields form island (lazy). */
  openForm?: (form: unknown, submit: Parameters<NonNullable<AddDeps['collectFields']>>[0]) => ReturnType<NonNullable<AddDeps['collectFields']>>
}

function parseJson<T>(text: string | undefined, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback
  } catch {
    return fallback
  }
}

const byItem = (root: ParentNode, selector: string, itemId: string) =>
  [...root.querySelectorAll<HTMLElement>(selector)].find((el) => el.dataset.itemId === itemId) ?? null

/** The product around a button: the detail article, product block or quick view, else the document. */
function containerOf(button: HTMLElement): HTMLElement {
  return button.closest<HTMLElement>('[data-product-block], .product-detail, [data-store-slot="products-item"], [data-quick-view]') ?? button.ownerDocument.body
}

export function wireProduct(button: HTMLElement, deps: ProductDeps): void {
  if (button.dataset.commerceBound) return
  button.dataset.commerceBound = 'true'
  const doc = button.ownerDocument
  const itemId = button.dataset.itemId ?? ''
  const container = containerOf(button)
  const data = byItem(container, '[data-product-data]', itemId) ?? byItem(doc, '[data-product-data]', itemId)
  const variantsEl = byItem(container, '.product-variants', itemId)
  const variants = parseJson<Variant[]>(data?.dataset.variants ?? variantsEl?.dataset.variants, [])
  const controls = variantsEl ? bindVariantControls(variantsEl) : null
  const quantityInput = byItem(container, '.product-quantity-input', itemId)?.querySelector('input') ?? null
  if (quantityInput) applyQuantityRules(quantityInput)
  const currency = data?.dataset.currency ?? DEFAULT_CURRENCY
  const info: ProductInfo = {
    itemId,
    productType: Number(button.dataset.productType ?? data?.dataset.productType ?? ProductType.PHYSICAL),
    variants,
    options: controls?.options ?? [],
    subscribable: button.dataset.isSubscription === 'true',
    express: data?.dataset.expressCheckout === 'true',
    hasForm: Boolean(button.dataset.form),
  }
  const offerEl = byItem(container, '[data-instalments]', itemId)
  // Instalments only for physical goods one can buy now: never for subscriptions (checkout offers no plan for
  // them) nor sold-out products; the offer code is its own chunk.
  const allSoldOut = variants.length > 0 && variants.every(isSoldOutVariant)
  const offerReady =
    offerEl && info.productType === ProductType.PHYSICAL && !info.subscribable && !allSoldOut
      ? import('./instalment-offer.js').then((m) => m.bindInstalmentOffer(offerEl)).catch((e: unknown) => (console.warn(e), null))
      : null
  if (offerEl && !offerReady) offerEl.hidden = true
  const offer = {
    update: (cents: number) => void offerReady?.then((o) => o?.update(cents)),
    hide: () => void offerReady?.then((o) => o?.hide()),
  }
  const priceEl = container.querySelector<HTMLElement>('.product-price')
  const gallery = container.querySelector<HTMLElement>('.product-gallery')
  const lowest = variants.length ? Math.min(...variants.map(effectiveCents)) : 0

  const inner = button.querySelector<HTMLElement>('.sqs-add-to-cart-button-inner') ?? button
  // Sold out (the whole product, or the chosen variant): the button reads the theme's sold-out text and is disabled.
  const tracksStock = info.productType === ProductType.PHYSICAL || info.productType === ProductType.SERVICE
  const productMark = container.querySelector('.product-mark.sold-out:not([data-variant-sold-out])')
  const soldOutText = productMark?.textContent?.trim() || SOLD_OUT_TEXT
  let soldOut = false
  const showAvailability = (v: Variant | null) => {
    // without variant data (a product block) the theme's sold-out mark tells
    soldOut = tracksStock && (v ? isSoldOutVariant(v) : variants.length > 0 ? variants.every(isSoldOutVariant) : !!productMark)
    button.dataset.soldOut = String(soldOut)
    button.setAttribute('aria-disabled', String(soldOut || machine.state !== 'idle'))
    if (machine.state === 'idle') inner.textContent = soldOut ? soldOutText : machine.label
  }

  const onSelection = (selection: Selection) => {
    const r = resolveVariant(variants, info.options, selection)
    const v = r.kind === 'variant' ? r.variant : null
    showAvailability(v)
    if (v && priceEl) showVariantPrice(priceEl, v, currency)
    if (v && gallery) showVariantImage(gallery, v)
    showSoldOut(container, v)
    showScarcity(container, v)
    showRestock(container, v)
    if (v && isSoldOutVariant(v)) offer.hide()
    else offer.update(v ? effectiveCents(v) : lowest)
    container.dataset.variantState = r.kind
  }
  controls?.onChange(onSelection)
  offer.update(lowest)

  // Express checkout: the button reads 'Purchase' whatever label the theme printed.
  const idleLabel = info.express ? buttonLabel({ express: true }) : button.dataset.originalLabel || inner.textContent?.trim() || ''
  if (info.express) inner.textContent = idleLabel
  const machine = createButtonMachine(idleLabel, deps.timers)
  machine.onChange((state, label) => {
    inner.textContent = state === 'idle' && soldOut ? soldOutText : label
    button.dataset.state = state
    button.setAttribute('aria-disabled', String(state !== 'idle' || soldOut))
  })
  showAvailability(variants.length === 1 ? variants[0]! : null)
  const navigate = deps.navigate ?? ((url: string) => doc.defaultView?.location.assign(url))
  const alert = deps.alert ?? ((title: string, message: string) => void import('./dialog.js').then((m) => m.showAlert(doc, title, message)))
  const form = parseJson<unknown>(button.dataset.form, null)

  const activate = async () => {
    if (soldOut || !machine.start()) return
    // A button without variant data (a product block): its variants come from the stock call; one that needs a
    // choice is made on the product page.
    if (info.variants.length === 0 && !controls) {
      const stock = await deps.api.stock(itemId)
      if (stock.ok) info.variants = stock.data.results.filter((r) => r.sku).map((r) => ({ sku: r.sku!, unlimited: r.unlimited, qtyInStock: r.qtyInStock }))
      const link = container.querySelector<HTMLAnchorElement>('a[href]')
      if (info.variants.length > 1 && link) {
        machine.succeed({ express: true })
        return navigate(link.href)
      }
    }
    const outcome = await addToCart(
      info,
      { selection: controls?.selection() ?? {}, quantity: quantityInput ? quantityInput.value : null },
      { ...deps, collectFields: deps.openForm && form ? (submit) => deps.openForm!(form, submit) : undefined },
    ).catch((e: unknown) => ({ kind: 'failed' as const, title: 'Unable to Add Item', message: e instanceof Error ? e.message : String(e) }))
    switch (outcome.kind) {
      case 'added':
        deps.bus.emit('cart:entry-added', { cart: outcome.cart, itemId, sku: outcome.sku, quantity: outcome.quantity })
        machine.succeed()
        return
      case 'navigate':
        machine.succeed({ express: true })
        navigate(outcome.url)
        return
      case 'cancelled':
        machine.fail()
        return
      case 'failed':
        machine.fail()
        alert(outcome.title, outcome.message)
    }
  }
  button.addEventListener('click', () => void activate())
  button.addEventListener('keydown', (e) => {
    if (!isActivationKey(e)) return
    e.preventDefault()
    void activate()
  })
}

/** Radio labels are role=button: Enter and Space choose them. */
function wireRadioLabels(root: ParentNode): void {
  for (const label of root.querySelectorAll<HTMLElement>('.variant-radiobtn-wrapper label[role="button"]')) {
    label.addEventListener('keydown', (e) => {
      if (!isActivationKey(e)) return
      e.preventDefault()
      label.click()
    })
  }
}

/** Wires every add-to-cart button under `root`; returns how many. */
export function initProducts(root: ParentNode, deps: ProductDeps): number {
  const buttons = [...root.querySelectorAll<HTMLElement>(BUTTON_SELECTOR)]
  buttons.forEach((b) => wireProduct(b, deps))
  wireRadioLabels(root)
  return buttons.length
}

export type { CommerceApi, CartStore }
