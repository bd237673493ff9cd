// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { captchaSize, DOCUMENT_DESTROYED, renderCaptcha, type CaptchaHandle } from '../../src/forms/captcha.js'
import { createSiteForm } from '../../src/forms/controller.js'
import { FORM_SUCCESS_EVENT } from '../../src/forms/events.js'
import { json, page, recordingFetch } from '../content/helpers.js'
import { formHtml, setValue } from './fixture.js'

const cookies = () => 'crumb=tok-1'
const wrapper = () => document.querySelector<HTMLElement>('[data-form-wrapper]')!
const visible = (sel: string) => !document.querySelector<HTMLElement>(sel)!.hidden
const text = (sel: string) => document.querySelector<HTMLElement>(sel)!.textContent
const loc = () => ({ search: '', pathname: '/contact', assign: vi.fn() })

function server(save: () => Response | Promise<Response>, key: () => Response = () => json(200, { data: { key: 'k1' } })) {
  return recordingFetch((c) => (c.url.endsWith('FormSubmissionKey') ? key() : save()))
}

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo // jsdom has no scrolling; the motion helpers have their own test
})
afterEach(() => vi.restoreAllMocks())

describe('site form states', () => {
  it('unlocked -> locked (Submitting…) -> success: form hidden, text and HTML shown, the thank-you text scrolled into view', async () => {
    page(formHtml({ html: '<p class="extra">More</p>' }))
    setValue('text', 'hello')
    let release!: (r: Response) => void
    const { fetch, calls } = server(() => new Promise((r) => (release = r)))
    const scrolled: Element[] = []
    const f = createSiteForm(wrapper(), { fetch, cookies, location: loc(), scrollTo: (el) => scrolled.push(el) })
    const successes: unknown[] = []
    document.addEventListener(FORM_SUCCESS_EVENT, (e) => successes.push((e as CustomEvent).detail))
    expect(f.state).toBe('unlocked')
    const done = f.submit()
    await vi.waitFor(() => expect(calls.length).toBe(2))
    expect(f.state).toBe('locked')
    expect(text('[data-form-submit]')).toBe('Submitting…')
    expect(document.querySelector<HTMLButtonElement>('[data-form-submit]')!.disabled).toBe(true)
    expect(successes).toEqual([])
    release(json(200, { data: { submissionId: 's1' } }))
    expect(await done).toBe('success')
    expect(successes).toEqual([{ formId: 'form1' }])
    expect(document.querySelector('form')!.hidden).toBe(true)
    expect(visible('[data-form-success]')).toBe(true)
    expect(document.querySelector('[data-form-success] .extra')!.textContent).toBe('More')
    expect(scrolled).toEqual([document.querySelector('[data-form-success]')])
    const body = JSON.parse(calls[1]!.body!)
    expect(body).toMatchObject({ key: 'k1', formId: 'form1', pagePath: '/contact', form: { text: 'hello', phone: ['', '', '', ''] } })
    expect(calls[1]!.headers.get('x-csrf-token')).toBe('tok-1')
  })

  it('success with successRedirect goes there', async () => {
    page(formHtml({ redirect: '/thanks' }))
    setValue('text', 'x')
    const l = loc()
    const { fetch } = server(() => json(200, { data: {} }))
    expect(await createSiteForm(wrapper(), { fetch, cookies, location: l }).submit()).toBe('success')
    expect(l.assign).toHaveBeenCalledWith('/thanks')
  })

  it('client validation failure: field errors and the invalid message once (no problem notes beside the box); nothing is sent', async () => {
    page(formHtml())
    setValue('email', 'bad@x')
    const { fetch, calls } = server(() => json(200, {}))
    const scrolled: Element[] = []
    const f = createSiteForm(wrapper(), { fetch, cookies, location: loc(), scrollTo: (el) => scrolled.push(el) })
    expect(await f.submit()).toBe('failure')
    expect(calls).toHaveLength(0)
    expect(scrolled).toEqual([document.querySelector('[data-field-id].error')]) // scroll to the first error
    expect(text('[data-form-errors]')).toBe('One or more fields is invalid, please check your entries.')
    expect(text('[data-field-id="email"] [data-field-error]')).toBe('Email is not valid. Email addresses should follow the format user@domain.com.')
    expect(document.querySelector('[data-field-id="text"]')!.classList.contains('error')).toBe(true)
    // one message for the whole form: the box; the field errors say the rest
    const shown = [...document.querySelectorAll<HTMLElement>('[data-form-problem], [data-form-errors]')].filter((el) => !el.hidden).map((el) => el.textContent)
    expect(shown).toEqual(['One or more fields is invalid, please check your entries.'])
    expect(text('[data-form-submit]')).toBe('Send')
  })

  it('a form printed without a message box shows the problem notes above and below it instead', async () => {
    page(formHtml().replace('<div data-form-errors role="alert" hidden></div>', ''))
    setValue('email', 'bad@x')
    expect(await createSiteForm(wrapper(), { location: loc() }).submit()).toBe('failure')
    expect(visible('[data-form-problem="top"]')).toBe(true)
    expect(text('[data-form-problem="top"]')).toBe('Your form has encountered a problem. Please scroll down to review.')
    expect(visible('[data-form-problem="bottom"]')).toBe(true)
    expect(text('[data-form-problem="bottom"]')).toBe('Your form has encountered a problem. Please scroll up to review.')
  })

  it('newsletter forms show no problem notes', async () => {
    page(formHtml({ newsletter: true }))
    await createSiteForm(wrapper(), { location: loc() }).submit()
    expect(visible('[data-form-problem="top"]')).toBe(false)
    expect(visible('[data-form-problem="bottom"]')).toBe(false)
    expect(visible('[data-form-errors]')).toBe(true)
  })

  it.each([
    [401, { data: { error: 'x' } }, 'Unable to submit form. Please try again later.'],
    [404, { data: { error: 'This form has not been configured yet.' } }, 'This form has not been configured yet.'],
    [429, { data: { error: 'x' } }, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, { data: { error: 'x' } }, 'Unable to send form. Please try again later.'],
    [409, { data: { error: 'Something specific' } }, 'Something specific'],
    [418, {}, 'Unknown error, please try again later.'],
  ])('status %i shows its message and unlocks', async (status, body, message) => {
    page(formHtml())
    setValue('text', 'x')
    const { fetch } = server(() => json(status, body))
    const f = createSiteForm(wrapper(), { fetch, cookies, location: loc() })
    expect(await f.submit()).toBe('failure')
    expect(text('[data-form-errors]')).toBe(message)
    expect(document.querySelector<HTMLButtonElement>('[data-form-submit]')!.disabled).toBe(false)
  })

  it('400 with data.errors shows the server errors under each field', async () => {
    page(formHtml())
    setValue('text', 'x')
    const { fetch } = server(() => json(400, { data: { error: 'Please correct', errors: { select: 'Three is not one of the expected options' } } }))
    await createSiteForm(wrapper(), { fetch, cookies, location: loc() }).submit()
    expect(text('[data-field-id="select"] [data-field-error]')).toBe('Three is not one of the expected options')
    expect(text('[data-form-errors]')).toBe('One or more fields is invalid, please check your entries.')
  })

  it('no key, unparseable fields, unreadable answers and network failures have their messages', async () => {
    page(formHtml())
    setValue('text', 'x')
    const noKey = server(() => json(200, {}), () => json(500, {}))
    await createSiteForm(wrapper(), { fetch: noKey.fetch, cookies, location: loc() }).submit()
    expect(text('[data-form-errors]')).toBe('Could not get a form submission key, please try again later.')

    page(formHtml())
    await createSiteForm(wrapper(), { location: loc(), read: () => { throw new TypeError('circular') } }).submit()
    expect(text('[data-form-errors]')).toBe('Could not parse the form fields, please check your entries.')

    page(formHtml())
    setValue('text', 'x')
    const garbled = server(() => new Response('<html>', { status: 200 }))
    await createSiteForm(wrapper(), { fetch: garbled.fetch, cookies, location: loc() }).submit()
    expect(text('[data-form-errors]')).toBe('Error processing form submission. Please reload and try again.')

    page(formHtml())
    setValue('text', 'x')
    const down = recordingFetch((c) => (c.url.endsWith('FormSubmissionKey') ? json(200, { data: { key: 'k' } }) : Promise.reject(new TypeError('offline'))))
    await createSiteForm(wrapper(), { fetch: down.fetch, cookies, location: loc() }).submit()
    expect(text('[data-form-errors]')).toBe('Unknown error, please try again later.')
  })
})

describe('captcha-bound forms', () => {
  function fakeCaptcha(token: string | null) {
    const listeners: ((s: boolean) => void)[] = []
    const h: CaptchaHandle & { resets: number; solve(): void } = {
      resets: 0,
      token: () => token,
      reset() {
        h.resets++
        token = null
        listeners.forEach((l) => l(false))
      },
      onChange: (cb) => void listeners.push(cb),
      solve() {
        token = 'solved'
        listeners.forEach((l) => l(true))
      },
    }
    return h
  }

  it("unsolved: 'Complete CAPTCHA before submitting.'; a failure resets it and disables submit until solved again", async () => {
    page(formHtml({ captcha: true }))
    setValue('text', 'x')
    const captcha = fakeCaptcha(null)
    const { fetch, calls } = server(() => json(500, {}))
    const f = createSiteForm(wrapper(), { fetch, cookies, location: loc(), captcha })
    await f.submit()
    expect(calls).toHaveLength(0)
    expect(text('[data-form-errors]')).toBe('Complete CAPTCHA before submitting.')
    const button = document.querySelector<HTMLButtonElement>('[data-form-submit]')!
    expect(button.disabled).toBe(true)
    captcha.solve()
    expect(button.disabled).toBe(false)
    await f.submit()
    expect(JSON.parse(calls[1]!.body!).captchaKey).toBe('solved')
    expect(captcha.resets).toBe(2)
    expect(button.disabled).toBe(true)
  })

  it('while the captcha blocks submit, its state next to the button says why and takes the focus', async () => {
    page(formHtml({ captcha: true }))
    setValue('email', 'typo@x') // a validation error with the captcha solved: the failure resets the captcha
    const captcha = fakeCaptcha('solved')
    const { fetch, calls } = server(() => json(200, { data: {} }))
    const f = createSiteForm(wrapper(), { fetch, cookies, location: loc(), captcha })
    const state = document.querySelector<HTMLElement>('[data-captcha-state]')!
    expect(state.hidden).toBe(true)
    expect(await f.submit()).toBe('failure')
    expect(text('[data-form-errors]')).toBe('One or more fields is invalid, please check your entries.')
    const button = document.querySelector<HTMLButtonElement>('[data-form-submit]')!
    expect(button.disabled).toBe(true)
    expect(state.hidden).toBe(false)
    expect(state.textContent).toBe('Complete CAPTCHA before submitting.')
    expect(document.activeElement).toBe(state)
    captcha.solve()
    expect(button.disabled).toBe(false)
    expect(state.hidden).toBe(true)
    captcha.reset() // expired before sending: blocked again, and said so
    expect(button.disabled).toBe(true)
    expect(state.hidden).toBe(false)
    captcha.solve()
    setValue('text', 'x')
    setValue('email', 'typo@example.com')
    expect(await f.submit()).toBe('success')
    expect(calls).toHaveLength(2)
  })

  it("no widget rendered: logs 'ReCaptcha has not been set up!'", async () => {
    page(formHtml({ captcha: true }))
    setValue('text', 'x')
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await createSiteForm(wrapper(), { location: loc(), captcha: null }).submit()
    expect(error).toHaveBeenCalledWith('ReCaptcha has not been set up!')
    expect(text('[data-form-errors]')).toBe('Complete CAPTCHA before submitting.')
  })

  it('compact under 320px, else normal; nothing rendered without a site key', async () => {
    expect(captchaSize(319)).toBe('compact')
    expect(captchaSize(320)).toBe('normal')
    page(formHtml({ captcha: true, siteKey: '' }))
    const slot = document.querySelector<HTMLElement>('[data-captcha]')!
    expect(await renderCaptcha(slot)).toBeNull()
    expect(slot.children).toHaveLength(0)
  })

  it("a provider that fails to render logs 'Error rendering captcha into node'", async () => {
    page(formHtml({ captcha: true }))
    const slot = document.querySelector<HTMLElement>('[data-captcha]')!
    slot.dataset.provider = 'recaptcha'
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const pending = renderCaptcha(slot)
    document.head.querySelector('script')!.dispatchEvent(new Event('error'))
    expect(await pending).toBeNull()
    expect(error.mock.calls[0]![0]).toBe('Error rendering captcha into node')
  })

  it("a captcha torn down while its script loads: 'Document was destroyed', nothing rendered", async () => {
    page(formHtml({ captcha: true }))
    const slot = document.querySelector<HTMLElement>('[data-captcha]')!
    slot.dataset.provider = 'recaptcha'
    const rendered: HTMLElement[] = []
    const win = window as Window & { grecaptcha?: unknown }
    win.grecaptcha = { render: (el: HTMLElement) => (rendered.push(el), 1), getResponse: () => '', reset: () => undefined }
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const pending = renderCaptcha(slot)
      slot.closest('form')!.remove() // the form goes away mid-render
      expect(await pending).toBeNull()
      expect(DOCUMENT_DESTROYED).toBe('Document was destroyed')
      expect(error.mock.calls[0]![0]).toBe('Error rendering captcha into node')
      expect((error.mock.calls[0]![1] as Error).message).toBe('Document was destroyed')
      expect(rendered).toEqual([])
    } finally {
      delete win.grecaptcha
    }
  })
})
