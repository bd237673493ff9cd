// @vitest-environment jsdom
// The reminder box at checkout: the typed email goes to the contact call with the box's state, once per change,
// never an email that is not one; a page without the box (recovery off) calls nothing.
import { describe, expect, it } from 'vitest'
import { CONTACT_PATH, wireCheckoutRecovery } from '../../src/commerce/checkout-recovery.js'
import { json, page, recordingFetch, settle } from '../content/helpers.js'

const FORM = (box: string) => `<form data-checkout-form><input type="email" name="email" value="">${box}</form>`

function setup(box = '<input type="checkbox" name="recoveryConsent" value="1" checked>') {
  page(FORM(box))
  const form = document.querySelector('form')!
  const { fetch, calls } = recordingFetch(() => json(200, { saved: true }))
  wireCheckoutRecovery(form, { fetch, cookies: () => 'crumb=abc' })
  const email = form.querySelector<HTMLInputElement>('input[name="email"]')!
  const type = (value: string) => {
    email.value = value
    email.dispatchEvent(new Event('change', { bubbles: true }))
  }
  const posts = () => calls.filter((c) => c.url === CONTACT_PATH).map((c) => [c.method, c.headers.get('X-CSRF-Token'), JSON.parse(c.body ?? 'null')])
  return { form, type, posts }
}

describe('checkout reminder box', () => {
  it('sends the email with the box state when either changes, once per change; not an invalid email', async () => {
    const t = setup()
    t.type('not-an-email')
    await settle()
    expect(t.posts()).toEqual([])
    t.type(' ada@example.com ')
    await settle()
    t.type('ada@example.com') // the same again: nothing new to say
    await settle()
    const box = t.form.querySelector<HTMLInputElement>('input[name="recoveryConsent"]')!
    box.checked = false
    box.dispatchEvent(new Event('change', { bubbles: true }))
    await settle()
    expect(t.posts()).toEqual([
      ['POST', 'abc', { email: 'ada@example.com', consent: true }],
      ['POST', 'abc', { email: 'ada@example.com', consent: false }],
    ])
  })

  it('without the box (recovery off) nothing is sent', async () => {
    const t = setup('')
    t.type('ada@example.com')
    await settle()
    expect(t.posts()).toEqual([])
  })
})
