// @vitest-environment jsdom
// The restock captcha switch in the store settings: loads captchaEnabled, saves it when switched, and puts the box
// back with the server's message when the save is refused.
import { afterEach, describe, expect, it } from 'vitest'
import { byLabel, click, render, waitFor, type Rendered } from '../../../test/dom.js'
import { RestockCaptchaSetting } from './RestockCaptchaSetting.js'

let view: Rendered | undefined
afterEach(() => view?.unmount())
const LABEL = 'Ask for a CAPTCHA before someone signs up for a restock alert'

describe('restock captcha setting (captchaEnabled)', () => {
  it('loads the setting and saves it when switched', async () => {
    const saved: boolean[] = []
    view = await render(<RestockCaptchaSetting load={async () => ({ ok: true, status: 200, data: false })} save={async (on) => (saved.push(on), { ok: true, status: 200, data: on })} />)
    const root = view.container
    await waitFor(() => root.querySelector('#restock-captcha'))
    const box = byLabel(root, LABEL) as HTMLInputElement
    expect(box.checked).toBe(false)
    await click(box)
    await waitFor(() => root.querySelector('.save-status')?.textContent === 'Restock sign-ups now ask for a CAPTCHA')
    expect(saved).toEqual([true])
    expect((byLabel(root, LABEL) as HTMLInputElement).checked).toBe(true)
  })

  it('a refused save puts the box back and shows the message', async () => {
    view = await render(<RestockCaptchaSetting load={async () => ({ ok: true, status: 200, data: true })} save={async () => ({ ok: false, error: { kind: 'http', status: 403, type: 'forbidden', code: 'forbidden', message: 'You cannot change store settings.', fields: {} } })} />)
    const root = view.container
    await waitFor(() => root.querySelector('#restock-captcha'))
    await click(byLabel(root, LABEL))
    await waitFor(() => root.textContent?.includes('You cannot change store settings.'))
    expect((byLabel(root, LABEL) as HTMLInputElement).checked).toBe(true)
  })
})
