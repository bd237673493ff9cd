// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { bindRestockForm, drawnCaptcha, type CaptchaPort } from './form.js'
import { failureText, isValidEmail, restockPayload, successText, validateRestock } from './model.js'

describe('restock rules', () => {
  it("validates: 'Email cannot be blank', 'Email is invalid', then 'Complete CAPTCHA before submitting.'", () => {
    const none = { shown: false, token: null }
    expect(validateRestock('   ', none)).toBe('Email cannot be blank')
    expect(validateRestock('ann@', none)).toBe('Email is invalid')
    expect(validateRestock('ann@example.toolong', none)).toBe('Email is invalid')
    expect(validateRestock('ann@example.com', none)).toBeNull()
    expect(validateRestock('ann@example.com', { shown: true, token: null })).toBe('Complete CAPTCHA before submitting.')
    expect(validateRestock('ann@example.com', { shown: true, token: 't' })).toBeNull()
    expect(isValidEmail(`${'a'.repeat(251)}@b.com`)).toBe(false)
  })

  it('builds the spec payload and the success / failure texts', () => {
    expect(restockPayload({ productId: 'p', variantId: 'v', email: ' a@b.co ', joinList: true, captchaToken: null })).toEqual({ isJoinMailingList: true, productId: 'p', siteVisitorEmail: 'a@b.co', variantId: 'v' })
    expect(restockPayload({ productId: 'p', variantId: 'v', email: 'a@b.co', joinList: false, captchaToken: 'tok' }).captchaToken).toBe('tok')
    expect(successText('')).toBe('Signed up!')
    expect(successText('We will write!')).toBe('We will write!')
    expect(failureText({ data: { message: 'Nope' } })).toBe('Nope')
    expect(failureText({ error: { message: 'This item is in stock.' } })).toBe('This item is in stock.')
  })
})

function form(opts: { list?: boolean; optIn?: boolean; captcha?: boolean } = {}): HTMLElement {
  document.body.innerHTML = `<div class="product-restock-notification" data-product-id="p1" data-variant-id="v1">
  <form class="product-restock-form" action="#"><input type="text" name="email" placeholder="Email Address"><input type="submit" value="Notify Me"></form>
  ${opts.list ? `<label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"${opts.optIn ? ' checked' : ''}>News</label>` : ''}
  ${opts.captcha ? '<div class="captcha-container"></div>' : ''}</div>`
  return document.querySelector('.product-restock-notification')!
}
const submit = (root: HTMLElement) => root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }))

describe('restock form', () => {
  it('shows validation messages without calling the server', async () => {
    const root = form()
    const post = vi.fn()
    bindRestockForm(root, { post })
    submit(root)
    expect(root.querySelector('.product-restock-message')?.textContent).toBe('Email cannot be blank')
    root.querySelector<HTMLInputElement>('input[name=email]')!.value = 'nope'
    submit(root)
    expect(root.querySelector('.product-restock-message')?.textContent).toBe('Email is invalid')
    expect(post).not.toHaveBeenCalled()
  })

  it('posts the payload (mailing-list box as set) and replaces the form with the success text', async () => {
    const root = form({ list: true, optIn: true })
    const post = vi.fn(async () => ({ ok: true, body: { data: { message: 'Signed up!' } } }))
    bindRestockForm(root, { post })
    root.querySelector<HTMLInputElement>('input[name=email]')!.value = 'ann@example.com'
    submit(root)
    await vi.waitFor(() => expect(root.querySelector('.product-restock-success')?.textContent).toBe('Signed up!'))
    expect(post).toHaveBeenCalledWith({ isJoinMailingList: true, productId: 'p1', siteVisitorEmail: 'ann@example.com', variantId: 'v1' })
    expect(root.querySelector('form')).toBeNull()
  })

  it('needs the captcha when its container is shown; a failure shows the server message and resets the captcha', async () => {
    const root = form({ captcha: true })
    let token: string | null = null
    const port: CaptchaPort = { token: () => token, reset: vi.fn(() => (token = null)) }
    const post = vi.fn(async () => ({ ok: false, body: { data: { message: 'Too many sign-ups' } } }))
    bindRestockForm(root, { post, captchaOf: () => port })
    root.querySelector<HTMLInputElement>('input[name=email]')!.value = 'ann@example.com'
    submit(root)
    expect(root.querySelector('.product-restock-message')?.textContent).toBe('Complete CAPTCHA before submitting.')
    token = 'solved'
    submit(root)
    await vi.waitFor(() => expect(root.querySelector('.product-restock-message')?.textContent).toBe('Too many sign-ups'))
    expect(post).toHaveBeenCalledWith(expect.objectContaining({ captchaToken: 'solved' }))
    expect(port.reset).toHaveBeenCalledOnce()
    expect(root.querySelector('form')).not.toBeNull()
  })

  it('draws the captcha widget into a container with a site key (none without one) and reads its token', async () => {
    const el = document.createElement('div')
    const render = vi.fn(async () => ({ token: () => 'drawn-token', reset: vi.fn(), onChange: () => {} }))
    expect(drawnCaptcha(el, render).token()).toBeNull()
    expect(render).not.toHaveBeenCalled()
    el.dataset.siteKey = 'altcha'
    const port = drawnCaptcha(el, render)
    expect(render).toHaveBeenCalledWith(el)
    await vi.waitFor(() => expect(port.token()).toBe('drawn-token'))
  })
})

