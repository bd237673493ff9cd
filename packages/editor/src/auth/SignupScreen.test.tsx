// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { createApiClient } from '../api/client.js'
import { createOwnerApi } from '../api/owner.js'
import { App } from '../app/App.js'
import {
  byLabel,
  byText,
  click,
  messageFor,
  render,
  typeInto,
  waitFor,
  type Rendered,
} from '../../test/dom.js'
import { validateSignup } from './SignupScreen.js'

const valid = { name: '', email: 'a@b.co', password: '1234567890', siteTitle: 'Shop', slug: '' }

describe('sign-up validation', () => {
  it('accepts a complete form and names each problem', () => {
    expect(validateSignup(valid)).toEqual({})
    expect(validateSignup({ ...valid, slug: 'my-shop' })).toEqual({})
    expect(
      validateSignup({ name: '', email: 'nope', password: 'short', siteTitle: ' ', slug: '-x' }),
    ).toEqual({
      email: 'Please enter a valid email',
      password: 'Use at least 10 characters.',
      siteTitle: 'Enter a site title.',
      slug: 'Use 3 to 40 lowercase letters, digits or hyphens, starting and ending with a letter or digit.',
    })
  })
})

let view: Rendered | undefined
afterEach(() => view?.unmount())

describe('sign-up screen', () => {
  it('shows a conflict from the server and its field message', async () => {
    const sent: unknown[] = []
    const fetch: typeof globalThis.fetch = async (input, init = {}) => {
      if (String(input) === '/api/auth/me')
        return new Response('{"error":{"type":"unauthorized","code":"not_signed_in"}}', { status: 401 })
      sent.push(JSON.parse(String(init.body)))
      const error = {
        type: 'conflict',
        code: 'slug_taken',
        message: 'That address is taken.',
        fields: { slug: 'Choose another address.' },
      }
      return new Response(JSON.stringify({ error }), { status: 409 })
    }
    window.history.replaceState(null, '', '/config/signup')
    view = await render(<App api={createOwnerApi(createApiClient({ fetch }))} />)
    const root = view.container
    await waitFor(() => byText(root, 'h1', 'Create your site'))
    await typeInto(byLabel(root, 'Email'), ' owner@example.com ')
    await typeInto(byLabel(root, 'Password'), 'long-enough-pw')
    await typeInto(byLabel(root, 'Site title'), 'Bakery')
    await typeInto(byLabel(root, 'Site address (optional)'), 'Bakery')
    await click(byText(root, 'button', 'Create site')!)
    await waitFor(() => root.querySelector('[role="alert"]'))
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('That address is taken.')
    expect(messageFor(byLabel(root, 'Site address (optional)'))).toBe('Choose another address.')
    expect(sent).toEqual([
      { email: 'owner@example.com', password: 'long-enough-pw', siteTitle: 'Bakery', slug: 'bakery' },
    ])
  })
})
