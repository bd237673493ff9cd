// The gift-card page (chunk 'gift-card'): the theme renders the card, its denominations and the recipient fields
// in form[data-gift-card-form]; this adds the card with the chosen denomination and the recipient's details to the
// cart (POST entries, additionalFields) and goes on to checkout. No denomination: 'Select a denomination for the
// Gift Card' in an 'Unable to purchase Gift Card' alert; empty required fields: 'Required' by the field; the
// server's field errors show by their fields too. The reminder box (reminderConsent, on the page while the store
// sends gift-card reminders) goes with the fields as 'true' or 'false': the card keeps the answer.
import type { Result } from './api.js'
import { ALERT_GIFT_CARD, REQUIRED_TEXT, SELECT_GIFT_CARD_DENOMINATION } from './messages.js'
import type { PageDeps, PageModule } from './page-module.js'
import type { ShoppingCart } from './types.js'
import { CHECKOUT_PAGE } from './urls.js'

export const GIFT_CARD_FIELDS = ['recipientName', 'recipientEmail', 'senderName', 'message'] as const
export const REMINDER_CONSENT_FIELD = 'reminderConsent'
const REQUIRED = new Set(['recipientName', 'recipientEmail', 'senderName'])

export interface GiftCardDeps extends PageDeps {
  navigate?: (url: string) => void
  alert?: (title: string, message: string) => void
}

/** What the form asks to buy: the denomination (or null) and the recipient's details by field name. */
export function readGiftCardForm(form: HTMLFormElement): { itemId: string; sku: string | null; fields: Record<string, string> } {
  const data = new FormData(form)
  const value = (name: string) => {
    const v = data.get(name)
    return typeof v === 'string' ? v.trim() : ''
  }
  const fields: Record<string, string> = {}
  for (const name of GIFT_CARD_FIELDS) if (form.elements.namedItem(name)) fields[name] = value(name)
  const box = form.elements.namedItem(REMINDER_CONSENT_FIELD) as HTMLInputElement | null
  if (box?.type === 'checkbox') fields[REMINDER_CONSENT_FIELD] = String(box.checked)
  return { itemId: form.dataset.itemId ?? value('itemId'), sku: value('sku') || null, fields }
}

/** Shows `errors` by their fields (`[data-field]` wrappers); clears the others. */
function showFieldErrors(form: HTMLFormElement, errors: Record<string, string>): void {
  for (const wrapper of form.querySelectorAll<HTMLElement>('[data-field]')) {
    const name = wrapper.dataset.field ?? ''
    wrapper.querySelector('.field-error')?.remove()
    const input = wrapper.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea')
    const message = errors[name]
    input?.setAttribute('aria-invalid', String(!!message))
    if (!message) continue
    const p = form.ownerDocument.createElement('p')
    p.className = 'field-error'
    p.setAttribute('role', 'alert')
    p.textContent = message
    wrapper.prepend(p)
  }
}

export function wireGiftCard(form: HTMLFormElement, deps: GiftCardDeps): void {
  if (form.dataset.giftCardBound) return
  form.dataset.giftCardBound = 'true'
  const doc = form.ownerDocument
  const status = form.querySelector<HTMLElement>('[data-gift-card-status]')
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const navigate = deps.navigate ?? ((url: string) => deps.win.location.assign(url))
  const alert = deps.alert ?? ((title: string, message: string) => void import('./dialog.js').then((m) => m.showAlert(doc, title, message)))
  let busy = false
  const fail = (message: string) => {
    if (status) status.textContent = message
    alert(ALERT_GIFT_CARD, message)
  }
  // Choosing a denomination answers the page's 'Select a denomination' message.
  form.addEventListener('change', (e) => {
    if ((e.target as HTMLInputElement).name !== 'sku') return
    const message = form.querySelector<HTMLElement>('[data-gift-card-message]')
    if (message) message.hidden = true
    if (status) status.textContent = ''
  })
  form.addEventListener('submit', (e) => {
    e.preventDefault()
    if (busy) return
    const read = readGiftCardForm(form)
    if (!read.sku) return fail(SELECT_GIFT_CARD_DENOMINATION)
    const missing: Record<string, string> = {}
    for (const [name, v] of Object.entries(read.fields)) if (REQUIRED.has(name) && !v) missing[name] = REQUIRED_TEXT
    showFieldErrors(form, missing)
    if (Object.keys(missing).length) return
    busy = true
    if (submit) submit.disabled = true
    if (status) status.textContent = ''
    const add = () => deps.api.addEntry({ itemId: read.itemId, sku: read.sku!, quantity: 1, additionalFields: JSON.stringify(read.fields) })
    void deps.store
      .recalculate(add, (d) => d.shoppingCart)
      .then((res: Result<{ shoppingCart: ShoppingCart }>) => {
        busy = false
        if (submit) submit.disabled = false
        if (res.ok) return navigate(CHECKOUT_PAGE)
        if (!res.ok && res.fieldErrors) showFieldErrors(form, res.fieldErrors)
        fail(res.message)
      })
  })
}

export const init: PageModule['init'] = (doc, deps) => {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-gift-card-form]')) wireGiftCard(form, deps)
}
