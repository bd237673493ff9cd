// What a variant change shows on the product page: its price, sold-out mark, scarcity message and main image
// (the new variant's image is shown and the previous one hidden).
import { DEFAULT_CURRENCY, moneyElement } from './money.js'
import type { Variant } from './types.js'
import { isSoldOutVariant, variantPrice } from './variants.js'

export const SOLD_OUT_TEXT = 'sold out'

export function showVariantPrice(priceEl: HTMLElement, v: Variant, currency = DEFAULT_CURRENCY): void {
  const doc = priceEl.ownerDocument
  const { priceCents, saleCents } = variantPrice(v)
  if (saleCents === null) {
    priceEl.replaceChildren(moneyElement(doc, priceCents, currency))
    return
  }
  const label = (text: string) => {
    const s = doc.createElement('span')
    s.className = 'visually-hidden v6-visually-hidden'
    s.textContent = text
    return s
  }
  const original = doc.createElement('span')
  original.className = 'original-price'
  original.append(moneyElement(doc, priceCents, currency))
  priceEl.replaceChildren(label('Sale Price:'), moneyElement(doc, saleCents, currency), ' ', label('Original Price:'), original)
}

/** Shows 'sold out' for a sold-out variant; otherwise the product's own mark comes back. */
export function showSoldOut(container: HTMLElement, v: Variant | null): void {
  let mark = container.querySelector<HTMLElement>('[data-variant-sold-out]')
  const soldOut = v !== null && isSoldOutVariant(v)
  if (!mark && soldOut) {
    mark = container.ownerDocument.createElement('div')
    mark.className = 'product-mark sold-out'
    mark.dataset.variantSoldOut = ''
    mark.textContent = SOLD_OUT_TEXT
    mark.setAttribute('role', 'status')
    const price = container.querySelector('.product-price')
    if (price) price.after(mark)
    else container.prepend(mark)
  }
  if (mark) mark.hidden = !soldOut
}

/** Shows the scarcity message whose attributes match the variant; hides the other variant-bound ones. */
export function showScarcity(container: HTMLElement, v: Variant | null): void {
  for (const el of container.querySelectorAll<HTMLElement>('.product-scarcity[data-variant-attributes]')) {
    let attrs: Record<string, string> = {}
    try {
      attrs = JSON.parse(el.dataset.variantAttributes ?? '{}') as Record<string, string>
    } catch {
      attrs = {}
    }
    const match = v !== null && Object.entries(attrs).every(([k, val]) => v.attributes?.[k] === val)
    el.hidden = !match
  }
}

/** With several restock forms (one per sold-out variant), shows only the chosen variant's. */
export function showRestock(container: HTMLElement, v: Variant | null): void {
  const forms = [...container.querySelectorAll<HTMLElement>('.product-restock-notification[data-variant-id]')]
  if (forms.length < 2 && !(forms.length === 1 && v)) return
  for (const el of forms) el.hidden = !(v !== null && el.dataset.variantId === v.id && !v.unlimited && (v.qtyInStock ?? 0) <= 0)
}

function imageUrlOf(v: Variant): string | undefined {
  return v.mainImage?.assetUrl || v.imageUrl || undefined
}

/** Shows the variant's main image (if it has one) in the gallery, hiding the image shown before. */
export function showVariantImage(gallery: HTMLElement, v: Variant): void {
  const url = imageUrlOf(v)
  if (!url) return
  const doc = gallery.ownerDocument
  const images = [...gallery.querySelectorAll<HTMLImageElement>('img.product-main-image, img[data-variant-image]')]
  let target = images.find((img) => img.dataset.variantImage === url || img.getAttribute('src') === url)
  if (!target) {
    target = doc.createElement('img')
    target.className = 'product-main-image product-variant-image'
    target.dataset.variantImage = url
    target.src = url
    target.alt = v.mainImage?.altText ?? ''
    const first = images[0]
    if (first) first.before(target)
    else gallery.prepend(target)
  }
  for (const img of images) if (img !== target) img.hidden = true
  target.hidden = false
}
