// Chunk 'product-restock': the sold-out product's "notify me" forms. Submit validates (email, then captcha when a
// captcha container is shown), posts the sign-up with the crumb, replaces the form with the success text, or shows
// the server's message under the form and resets the captcha.
import { crumbFetch } from '../../core/crumb.js'
import { renderCaptcha, type CaptchaHandle } from '../../forms/captcha.js'
import type { PageModule } from '../page-module.js'
import { failureText, restockPayload, successText, validateRestock } from './model.js'

export const RESTOCK_PATH = '/api/site-users/account/notifications/restock'

export interface CaptchaPort {
  token(): string | null
  reset(): void
}

/** A captcha rendered into the container leaves its answer in a named field (ALTCHA or reCAPTCHA style). */
export function containerCaptcha(el: HTMLElement): CaptchaPort {
  const field = () => el.querySelector<HTMLInputElement | HTMLTextAreaElement>('[name="altcha"], [name="g-recaptcha-response"], [name="captchaToken"]')
  return {
    token: () => field()?.value || null,
    reset: () => {
      const f = field()
      if (f) f.value = ''
      el.dispatchEvent(new CustomEvent('captcha:reset'))
    },
  }
}

/** The captcha drawn into the container (the server's data-site-key/provider/challenge address, as site forms
 * draw theirs); a container without a site key draws nothing and reads a field a page script left there. */
export function drawnCaptcha(el: HTMLElement, render: (el: HTMLElement) => Promise<CaptchaHandle | null> = renderCaptcha): CaptchaPort {
  const field = containerCaptcha(el)
  let handle: CaptchaHandle | null = null
  if (el.dataset.siteKey) void render(el).then((h) => (handle = h))
  return {
    token: () => (handle ? handle.token() : field.token()),
    reset: () => (handle ? handle.reset() : field.reset()),
  }
}

export interface RestockFormDeps {
  post(body: unknown): Promise<{ ok: boolean; body: unknown }>
  captchaOf?(el: HTMLElement): CaptchaPort
}

export function bindRestockForm(root: HTMLElement, deps: RestockFormDeps): void {
  const form = root.querySelector<HTMLFormElement>('form.product-restock-form')
  if (!form) return
  const doc = root.ownerDocument
  const email = form.querySelector<HTMLInputElement>('input[name="email"]')!
  email.setAttribute('aria-label', email.placeholder || 'Email address')
  const list = root.querySelector<HTMLInputElement>('input[name="isJoinMailingList"]')
  const captchaEl = root.querySelector<HTMLElement>('.captcha-container')
  const captcha = captchaEl ? (deps.captchaOf ?? drawnCaptcha)(captchaEl) : null
  const message = doc.createElement('p')
  message.className = 'product-restock-message'
  message.setAttribute('role', 'alert')
  message.hidden = true
  root.append(message)
  const submit = form.querySelector<HTMLInputElement>('[type="submit"]')
  const show = (text: string) => {
    message.textContent = text
    message.hidden = false
  }
  form.addEventListener('submit', async (e) => {
    e.preventDefault()
    const token = captcha?.token() ?? null
    const problem = validateRestock(email.value, { shown: captcha !== null, token })
    if (problem) {
      show(problem)
      email.setAttribute('aria-invalid', String(problem !== 'Complete CAPTCHA before submitting.'))
      return
    }
    email.removeAttribute('aria-invalid')
    message.hidden = true
    if (submit) submit.disabled = true
    const body = restockPayload({ productId: root.dataset.productId ?? '', variantId: root.dataset.variantId ?? '', email: email.value, joinList: list?.checked ?? false, captchaToken: token })
    try {
      const res = await deps.post(body)
      if (res.ok) {
        const done = doc.createElement('p')
        done.className = 'product-restock-success'
        done.setAttribute('role', 'status')
        done.textContent = successText((res.body as { data?: { message?: string } })?.data?.message)
        form.replaceWith(done)
        root.querySelector('.product-restock-mailing-list')?.remove()
        captchaEl?.remove()
        return
      }
      show(failureText(res.body))
      captcha?.reset()
    } finally {
      if (submit) submit.disabled = false
    }
  })
}

export const init: PageModule['init'] = (doc) => {
  const post = async (body: unknown) => {
    try {
      const res = await crumbFetch(RESTOCK_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      const text = await res.text()
      let parsed: unknown = {}
      try {
        parsed = text ? JSON.parse(text) : {}
      } catch {
        parsed = {}
      }
      return { ok: res.ok, body: parsed }
    } catch {
      return { ok: false, body: { message: 'Network error' } }
    }
  }
  for (const root of doc.querySelectorAll<HTMLElement>('.product-restock-notification')) bindRestockForm(root, { post })
}
