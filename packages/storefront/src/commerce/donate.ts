// The DONATE page (chunk 'donate'): a preset fills the amount, typing an amount picks "Other"; the summary says
// what will be charged and how often; the donation is posted (POST /api/commerce/donations with an
// Idempotency-Key per attempt) and the CONTRIBUTION_CONFIRMED page the server names follows. The server's
// message (below the minimum, above the maximum, not a number) shows by the amount.
import type { DonationInput, DonationPlaced } from '@sitewright/contracts'
import { fractionDigits } from '@sitewright/contracts/money'
import { crumbFetch } from '../core/crumb.js'
import { readResult, type Result } from './api.js'
import { createAttemptKeys, prefillMemberEmail } from './checkout.js'
import { moneyElement } from './money.js'
import type { PageDeps, PageModule } from './page-module.js'

export const DONATIONS_PATH = '/api/commerce/donations'

const text = (data: FormData, name: string) => {
  const v = data.get(name)
  return typeof v === 'string' ? v.trim() : ''
}

/** Minor units of decimal text in `currency`, or null when it is not an amount. */
export function amountCents(value: string, currency: string): number | null {
  const digits = fractionDigits(currency)
  const m = /^(\d{1,9})(?:\.(\d+))?$/.exec(value.replace(/,/g, '').trim())
  if (!m || (m[2] ?? '').length > digits) return null
  return Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0') || 0)
}

/** The donation body from the form. */
export function donationBody(form: HTMLFormElement): DonationInput {
  const data = new FormData(form)
  const year = Number(text(data, 'card.expYear'))
  const body: DonationInput = {
    pageId: form.dataset.pageId ?? '',
    blockId: form.dataset.blockId ?? '',
    amount: text(data, 'amount'),
    recurring: text(data, 'frequency') === 'monthly',
    email: text(data, 'email'),
  }
  if (text(data, 'name')) body.name = text(data, 'name')
  if (text(data, 'card.number')) body.card = { number: text(data, 'card.number'), expMonth: Number(text(data, 'card.expMonth')), expYear: year < 100 ? 2000 + year : year, cvc: text(data, 'card.cvc') }
  return body
}

export function wireDonate(form: HTMLFormElement, deps: PageDeps & { navigate?: (url: string) => void }): void {
  const amount = form.querySelector<HTMLInputElement>('input[name="amount"]')!
  const total = form.querySelector<HTMLElement>('[data-donate-total]')
  const status = form.querySelector<HTMLElement>('[data-donate-status]')
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const currency = form.dataset.currency ?? 'USD'
  const navigate = deps.navigate ?? ((url: string) => deps.win.location.assign(url))
  const attempts = createAttemptKeys()
  const summary = () => {
    const cents = amountCents(amount.value, currency)
    const monthly = text(new FormData(form), 'frequency') === 'monthly'
    if (!total) return
    if (cents === null || cents === 0) total.textContent = 'Choose or enter an amount.'
    else total.replaceChildren(moneyElement(form.ownerDocument, cents, currency), monthly ? ' every month' : ' once')
  }
  form.addEventListener('change', (e) => {
    const t = e.target as HTMLInputElement
    if (t.name === 'preset' && t.value !== 'other') amount.value = t.value
    if (t.name === 'preset' && t.value === 'other') amount.focus()
    summary()
  })
  amount.addEventListener('input', () => {
    const other = form.querySelector<HTMLInputElement>('input[name="preset"][value="other"]')
    const match = form.querySelector<HTMLInputElement>(`input[name="preset"][value="${CSS.escape(amount.value.trim())}"]`)
    if (match) match.checked = true
    else if (other) other.checked = true
    amount.removeAttribute('aria-invalid')
    if (status) status.textContent = ''
    summary()
  })
  form.addEventListener('submit', (e) => {
    e.preventDefault()
    if (form.dataset.state === 'placing') return
    const say = (message: string) => {
      if (status) status.textContent = message
    }
    if (!amount.value.trim()) {
      amount.setAttribute('aria-invalid', 'true')
      return say('Enter an amount to donate.')
    }
    if (!form.checkValidity()) return form.reportValidity()
    form.dataset.state = 'placing'
    const label = submit?.textContent ?? ''
    if (submit) Object.assign(submit, { disabled: true, textContent: 'Processing…' })
    say('')
    const body = donationBody(form)
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': attempts.keyFor(body) }
    void crumbFetch(DONATIONS_PATH, { method: 'POST', headers, body: JSON.stringify(body) })
      .then((res) => readResult<DonationPlaced>(res))
      .catch((): Result<DonationPlaced> => ({ ok: false, kind: 'network', status: 0, message: 'Network error' }))
      .then((res) => {
        if (res.ok || (res.kind !== 'network' && res.status < 500)) attempts.answered()
        if (res.ok && res.data.confirmationUrl) return navigate(res.data.confirmationUrl)
        form.dataset.state = 'editing'
        if (submit) Object.assign(submit, { disabled: false, textContent: label })
        if (!res.ok && /amount|donation/i.test(res.message)) amount.setAttribute('aria-invalid', 'true')
        say(res.ok ? 'Something went wrong' : res.message)
      })
  })
  prefillMemberEmail(form)
  summary()
}

export const init: PageModule['init'] = (doc, deps) => {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-donate-form]')) wireDonate(form, deps)
}
