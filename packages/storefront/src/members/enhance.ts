// Member forms (sign in, sign up, reset, new password, profile, address, gift card balance, delete), the sign-out
// button and the subscriptions' Pause / Resume / Cancel: each form sends its fields as JSON to its action (the gift
// card's code as a query) and shows the server's message in place.
import { call, signIn, signOut, type ApiResult } from './api.js'

type Kind = 'sign-in' | 'sign-up' | 'reset' | 'new-password' | 'profile' | 'address' | 'delete' | 'gift-card'
const METHOD: Record<Kind, string> = { 'sign-in': 'POST', 'sign-up': 'POST', reset: 'POST', 'new-password': 'POST', profile: 'PATCH', address: 'POST', delete: 'DELETE', 'gift-card': 'GET' }

function fields(form: HTMLFormElement): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const el of Array.from(form.elements) as HTMLInputElement[]) {
    if (!el.name || el.name === 'crumb') continue
    if (el.type === 'checkbox') out[el.name] = el.checked
    else if (el.value.trim() !== '' || el.required) out[el.name] = el.value
  }
  return out
}

function show(form: HTMLFormElement, r: ApiResult | null, status?: string) {
  const error = form.querySelector<HTMLElement>('[data-member-error]')
  const ok = form.querySelector<HTMLElement>('[data-member-status]')
  for (const el of Array.from(form.querySelectorAll<HTMLInputElement>('[aria-invalid]'))) el.removeAttribute('aria-invalid')
  if (r && !r.ok) {
    const detail = r.fields ? Object.values(r.fields).join(' ') : ''
    if (error) error.textContent = detail && detail !== r.message ? `${r.message ?? 'Please check the form.'} ${detail}` : (r.message ?? 'Something went wrong. Please try again.')
    for (const name of Object.keys(r.fields ?? {})) form.querySelector(`[name="${CSS.escape(name)}"]`)?.setAttribute('aria-invalid', 'true')
    if (ok) ok.textContent = ''
    return
  }
  if (error) error.textContent = ''
  if (ok && status) ok.textContent = status
}

async function submit(win: Window, form: HTMLFormElement, kind: Kind) {
  const body = fields(form)
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  if (button) button.disabled = true
  try {
    if (kind === 'sign-in') {
      const r = await signIn(win, String(body.email ?? ''), String(body.password ?? ''), body.rememberMe === true)
      if (!r.ok) return show(form, r)
      const back = form.dataset.return || '/account'
      if (back === win.location.pathname) win.location.reload()
      else win.location.assign(back)
      return
    }
    if (kind === 'gift-card') {
      const r = await call(win, 'GET', `${form.getAttribute('action') ?? ''}?code=${encodeURIComponent(String(body.code ?? ''))}`)
      return show(form, r, `Balance: ${String(r.data?.balance ?? '')}`)
    }
    const r = await call(win, METHOD[kind], form.getAttribute('action') ?? '', body)
    if (!r.ok) return show(form, r)
    if (kind === 'address') return win.location.reload()
    if (kind === 'delete') return win.location.assign('/')
    if (kind === 'new-password') {
      show(form, r, 'Your password is changed. You can sign in now.')
      form.querySelector('.form-actions')?.replaceChildren(Object.assign(win.document.createElement('a'), { href: '/account/sign-in', className: 'button', textContent: 'Sign in' }))
      return
    }
    show(form, r, kind === 'profile' ? 'Saved.' : String(r.data?.message ?? 'Done.'))
    if (kind === 'sign-up') win.document.dispatchEvent(new CustomEvent('sitewright:member-registered')) // the owner's tag hook (tracker)
    if (kind === 'sign-up' || kind === 'reset') form.reset()
  } finally {
    if (button) button.disabled = false
  }
}

export function enhanceMembers(doc: Document, win: Window): number {
  let count = 0
  for (const form of Array.from(doc.querySelectorAll<HTMLFormElement>('form[data-member-form]'))) {
    const kind = form.dataset.memberForm as Kind
    if (!(kind in METHOD)) continue
    form.addEventListener('submit', (e) => {
      e.preventDefault()
      void submit(win, form, kind)
    })
    count++
  }
  for (const button of Array.from(doc.querySelectorAll<HTMLButtonElement>('[data-member-sign-out]'))) {
    button.addEventListener('click', () => {
      void signOut(win).then(() => win.location.assign('/'))
    })
    count++
  }
  for (const button of Array.from(doc.querySelectorAll<HTMLButtonElement>('[data-member-remove-address]'))) {
    button.addEventListener('click', () => {
      void call(win, 'DELETE', `/api/site-users/account/addresses/${encodeURIComponent(button.dataset.memberRemoveAddress ?? '')}`).then((r) => (r.ok ? win.location.reload() : undefined))
    })
    count++
  }
  for (const button of Array.from(doc.querySelectorAll<HTMLButtonElement>('[data-member-cancel-subscription]'))) {
    wireCancel(win, button)
    count++
  }
  for (const move of ['pause', 'resume'] as const) {
    for (const button of Array.from(doc.querySelectorAll<HTMLButtonElement>(`[data-member-${move}-subscription]`))) {
      button.addEventListener('click', () => void moveSubscription(win, button, move, button.getAttribute(`data-member-${move}-subscription`) ?? ''))
      count++
    }
  }
  return count
}

/** Pause (no renewal until resumed) or resume a subscription, then show the account page again. */
async function moveSubscription(win: Window, button: HTMLButtonElement, move: 'pause' | 'resume', id: string) {
  const error = button.closest('section')?.querySelector<HTMLElement>('[data-subscription-error]')
  button.disabled = true
  const r = await call(win, 'POST', `/api/site-users/account/subscriptions/${encodeURIComponent(id)}/${move}`)
  if (r.ok) return win.location.reload()
  button.disabled = false
  if (error) error.textContent = r.message ?? 'Something went wrong. Please try again.'
}

/** Cancel asks once more ("Yes, cancel"), then cancels: the subscription ends at the close of the period paid. */
function wireCancel(win: Window, button: HTMLButtonElement) {
  const error = button.closest('section')?.querySelector<HTMLElement>('[data-subscription-error]')
  button.addEventListener('click', () => {
    if (button.dataset.confirming !== 'true') {
      button.dataset.confirming = 'true'
      button.textContent = 'Yes, cancel'
      return
    }
    button.disabled = true
    const id = encodeURIComponent(button.dataset.memberCancelSubscription ?? '')
    void call(win, 'POST', `/api/site-users/account/subscriptions/${id}/cancel`).then((r) => {
      if (r.ok) return win.location.reload()
      button.disabled = false
      if (error) error.textContent = r.message ?? 'Something went wrong. Please try again.'
    })
  })
}
