// Abandoned-checkout recovery at checkout: when the store has it on, the page carries the reminder box
// `recoveryConsent`; the email the shopper types (or a signed-in member's, filled in) is sent with the box's state
// (POST /api/commerce/checkout/contact), again when either changes, so the store can send a link back to this cart.
import { isValidEmail } from '@sitewright/contracts'
import { crumbFetch, type CrumbFetchDeps } from '../core/crumb.js'

export const CONTACT_PATH = '/api/commerce/checkout/contact'

export function wireCheckoutRecovery(form: HTMLFormElement, deps: CrumbFetchDeps = {}): void {
  const box = form.querySelector<HTMLInputElement>('input[name="recoveryConsent"]')
  const input = form.querySelector<HTMLInputElement>('input[name="email"]')
  if (!box || !input) return
  let sent = ''
  const send = () => {
    const email = input.value.trim()
    const body = JSON.stringify({ email, consent: box.checked })
    if (!isValidEmail(email) || body === sent) return
    sent = body
    void crumbFetch(CONTACT_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body }, deps).catch(() => (sent = ''))
  }
  input.addEventListener('change', send)
  box.addEventListener('change', send)
  if (input.value) send()
}
