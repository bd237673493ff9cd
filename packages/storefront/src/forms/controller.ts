// The site form state machine: unlocked -> locked ('Submitting…') -> success (form hidden, submission
// text and optional HTML shown and scrolled to, or redirect to successRedirect) or failure (errors shown,
// unlocked, the first error scrolled to, captcha reset, submit disabled while a captcha-bound form's captcha is unsolved). While submit is
// disabled for the captcha, the captcha state next to the button says why ('Complete CAPTCHA before submitting.')
// and a failure moves focus there, so a visitor who fixes a typo is never left with a silent button. Framework-free.
import type { CrumbFetchDeps } from '../core/crumb.js'
import { scrollToElement } from '../core/motion.js'
import { saveSubmission, submissionKey } from './api.js'
import { captchaToken, CAPTCHA_NOT_SET_UP, type CaptchaHandle } from './captcha.js'
import { FORM_SUCCESS_EVENT, type FormSuccessDetail } from './events.js'
import { MESSAGES } from './messages.js'
import { validateForm } from './validate.js'
import { formValues, type FieldValue } from './values.js'

export type FormState = 'unlocked' | 'locked' | 'success' | 'failure'

export interface SiteFormDeps extends CrumbFetchDeps {
  location?: Pick<Location, 'search' | 'pathname' | 'assign'>
  title?: string
  captcha?: CaptchaHandle | null
  /** Reads the values (default: the field value rules); a throw means 'Could not parse the form fields'. */
  read?: (form: HTMLFormElement, search: string) => Record<string, FieldValue>
  /** Scrolls to the thank-you text or the first error (default: the motion helpers, 30 px offset, reduced motion respected). */
  scrollTo?: (target: Element) => void
}

export interface SiteForm {
  readonly state: FormState
  submit(): Promise<FormState>
}

const q = <T extends Element>(root: ParentNode, sel: string) => root.querySelector<T>(sel)

export function createSiteForm(wrapper: HTMLElement, deps: SiteFormDeps = {}): SiteForm {
  const form = q<HTMLFormElement>(wrapper, 'form[data-site-form]')!
  const button = q<HTMLButtonElement>(form, '[data-form-submit]')
  const label = button?.textContent ?? ''
  const loc = deps.location ?? window.location
  const captchaBound = !!q(form, '[data-captcha]')
  const captchaState = q<HTMLElement>(form, '[data-captcha-state]')
  const newsletter = form.hasAttribute('data-newsletter')
  const scrollTo = deps.scrollTo ?? ((el: Element) => void scrollToElement(el))
  let state: FormState = 'unlocked'

  /** Shows (blocked) or hides the captcha state next to the submit button. */
  function captchaBlocks(blocked: boolean) {
    if (!captchaState) return
    captchaState.textContent = blocked ? MESSAGES.captcha : ''
    captchaState.hidden = !blocked
  }

  deps.captcha?.onChange((solved) => {
    if (state === 'locked' || !form.dataset.captchaBlocked) return
    if (button) button.disabled = !solved
    captchaBlocks(!solved)
  })

  function clearErrors() {
    for (const el of wrapper.querySelectorAll<HTMLElement>('[data-field-error]')) {
      el.hidden = true
      el.textContent = ''
    }
    for (const el of wrapper.querySelectorAll('[data-field-id]')) {
      el.classList.remove('error')
      el.querySelectorAll('.field-element, input, select, textarea').forEach((i) => i.removeAttribute('aria-invalid'))
    }
    for (const el of wrapper.querySelectorAll<HTMLElement>('[data-form-problem], [data-form-errors]')) el.hidden = true
  }

  function lock(on: boolean) {
    state = on ? 'locked' : 'unlocked'
    form.classList.toggle('is-submitting', on)
    form.setAttribute('aria-busy', String(on))
    if (button) {
      button.disabled = on
      button.textContent = on ? MESSAGES.submitting : label
    }
  }

  function fail(message: string, fieldErrors: Record<string, string> = {}): FormState {
    lock(false)
    state = 'failure'
    const general: string[] = []
    for (const [id, text] of Object.entries(fieldErrors)) {
      const item = [...form.querySelectorAll<HTMLElement>('[data-field-id]')].find((el) => el.getAttribute('data-field-id') === id)
      const slot = item && q<HTMLElement>(item, '[data-field-error]')
      if (!item || !slot) {
        if (text !== message) general.push(text)
        continue
      }
      item.classList.add('error')
      item.querySelectorAll('.field-element, input, select, textarea').forEach((i) => i.setAttribute('aria-invalid', 'true'))
      slot.textContent = text
      slot.hidden = false
    }
    const box = q<HTMLElement>(form, '[data-form-errors]')
    if (box) {
      box.textContent = [message, ...general].join(' ')
      box.hidden = false
    }
    // the notes above and below the form ('... scroll down/up to review.') stand in for a message box: a form that has
    // its box says the message once there, beside the field errors, not three times (never for newsletter forms)
    if (!newsletter && !box) for (const p of wrapper.querySelectorAll<HTMLElement>('[data-form-problem]')) p.hidden = false
    // scroll to the first field in error, else the message box (a captcha-bound form moves the focus to the captcha
    // state next to its button instead, which brings that into view)
    const first = q<HTMLElement>(form, '[data-field-id].error') ?? (box && !box.hidden ? box : null)
    if (first && !(captchaBound && captchaState)) scrollTo(first)
    if (captchaBound) {
      deps.captcha?.reset()
      form.dataset.captchaBlocked = 'true'
      if (button) button.disabled = true
      captchaBlocks(true)
      captchaState?.focus()
    }
    return state
  }

  function succeed(): FormState {
    state = 'success'
    const detail: FormSuccessDetail = { formId: form.dataset.formId ?? '' }
    wrapper.dispatchEvent(new CustomEvent(FORM_SUCCESS_EVENT, { bubbles: true, detail }))
    const redirect = form.dataset.successRedirect
    if (redirect) {
      loc.assign(redirect)
      return state
    }
    form.hidden = true
    for (const p of wrapper.querySelectorAll<HTMLElement>('[data-form-problem]')) p.hidden = true
    const success = q<HTMLElement>(wrapper, '[data-form-success]')
    if (success) {
      const tpl = q<HTMLTemplateElement>(success, 'template[data-form-submission-html]')
      if (tpl && !q(success, '.form-submission-html')) {
        const html = wrapper.ownerDocument.createElement('div')
        html.className = 'form-submission-html'
        html.append(tpl.content.cloneNode(true))
        success.append(html)
      }
      success.hidden = false
      success.focus({ preventScroll: true })
    }
    // the thank-you text itself, clear of the sticky header (core/motion.ts)
    scrollTo(success ?? wrapper)
    return state
  }

  async function submit(): Promise<FormState> {
    if (state === 'locked' || state === 'success') return state
    clearErrors()
    let values: Record<string, FieldValue>
    try {
      values = (deps.read ?? formValues)(form, loc.search)
    } catch {
      return fail(MESSAGES.unparseable)
    }
    const errors = validateForm(form, values)
    if (Object.keys(errors).length > 0) return fail(MESSAGES.invalid, errors)
    let captchaKey: string | null = null
    if (captchaBound) {
      try {
        captchaKey = captchaToken(deps.captcha ?? null)
      } catch (e) {
        if (e instanceof Error && e.message === CAPTCHA_NOT_SET_UP) console.error(CAPTCHA_NOT_SET_UP)
      }
      if (!captchaKey) return fail(MESSAGES.captcha)
    }
    lock(true)
    const key = await submissionKey(deps)
    if (!key) return fail(MESSAGES.noKey)
    const payload = {
      key,
      formId: form.dataset.formId ?? '',
      form: values,
      ...(captchaKey ? { captchaKey } : {}),
      pagePath: loc.pathname,
      ...(deps.title ? { pageTitle: deps.title.slice(0, 500) } : {}),
    }
    const outcome = await saveSubmission(payload, deps)
    return outcome.ok ? succeed() : fail(outcome.message, outcome.fieldErrors)
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault()
    void submit()
  })

  return {
    get state() {
      return state
    },
    submit,
  }
}
