// The instalment offer on the product page: text plus the provider pill and an information button; either
// opens the dialog (its HTML comes from the server by locale). A chunk of its own, like the dialog code.
import { fetchDialogHtml, instalmentOffer, providerFor, type Provider } from './instalments.js'

export interface OfferElement {
  /** Shows the offer for a price (in minor units); hides it when there is no provider. */
  update(priceCents: number): void
  /** Hides the offer (the chosen variant is sold out: nothing to pay for). */
  hide(): void
}

export function bindInstalmentOffer(el: HTMLElement): OfferElement | null {
  const provider = providerFor(el.dataset.locale ?? '', el.dataset.currency ?? 'USD')
  if (!provider) {
    el.hidden = true
    return null
  }
  const doc = el.ownerDocument
  const minCents = Number(el.dataset.minCents ?? 0)
  const maxCents = Number(el.dataset.maxCents ?? 0)
  const currency = el.dataset.currency ?? 'USD'
  const text = doc.createElement('span')
  text.className = 'instalments-text'
  const pill = button(doc, 'instalments-pill', provider, `${provider}: more information`)
  const info = button(doc, 'instalments-info', 'i', 'More information')
  el.replaceChildren(text, ' ', pill, ' ', info)
  el.dataset.provider = provider
  const open = () => void openInstalmentDialog(doc, provider, el.dataset.locale ?? '')
  pill.addEventListener('click', open)
  info.addEventListener('click', open)
  return {
    update(priceCents) {
      const offer = instalmentOffer({ priceCents, minCents, maxCents, currency, oneLine: true })
      text.textContent = offer.text
      el.dataset.inRange = String(offer.inRange)
      el.hidden = false
    },
    hide() {
      el.hidden = true
    },
  }
}

function button(doc: Document, className: string, label: string, aria: string): HTMLButtonElement {
  const b = doc.createElement('button')
  b.type = 'button'
  b.className = className
  b.textContent = label
  b.setAttribute('aria-label', aria)
  b.setAttribute('aria-haspopup', 'dialog')
  return b
}

async function openInstalmentDialog(doc: Document, provider: Provider, locale: string): Promise<void> {
  const { openDialog } = await import('./dialog.js')
  const d = openDialog(doc, { title: provider, className: 'instalments-dialog' })
  const html = await fetchDialogHtml(locale)
  if (html !== null) d.body.innerHTML = html // our own server's static HTML
}
