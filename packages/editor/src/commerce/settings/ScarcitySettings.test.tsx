// @vitest-environment jsdom
// The owner's scarcity settings in the store settings: loaded from and saved to the restock settings; the text
// must keep {qtyInStock}; the threshold is a whole number from 1 to 9999.
import { afterEach, describe, expect, it } from 'vitest'
import type { ScarcitySettings as Settings } from '@sitewright/contracts'
import { byLabel, byText, click, messageFor, render, typeInto, waitFor, type Rendered } from '../../../test/dom.js'
import { readScarcityDraft, ScarcitySettings } from './ScarcitySettings.js'

const DEFAULTS: Settings = { scarcityEnabled: true, scarcityThreshold: 5, scarcityText: 'Only {qtyInStock} left in stock!', scarcityShownByDefault: false }
let view: Rendered | undefined
afterEach(() => view?.unmount())

describe('scarcity settings', () => {
  it('checks the threshold and the {qtyInStock} placeholder', () => {
    const d = { scarcityEnabled: true, threshold: '0', scarcityText: 'Hurry', scarcityShownByDefault: false }
    expect(readScarcityDraft(d)).toEqual({ ok: false, errors: { scarcityThreshold: 'Enter a whole number from 1 to 9999.', scarcityText: 'Include {qtyInStock} in the message.' } })
    expect(readScarcityDraft({ ...d, threshold: '9999', scarcityText: '{qtyInStock} left' })).toEqual({ ok: true, settings: { scarcityEnabled: true, scarcityThreshold: 9999, scarcityText: '{qtyInStock} left', scarcityShownByDefault: false } })
    expect(readScarcityDraft({ ...d, threshold: '2.5', scarcityText: '{qtyInStock}' }).ok).toBe(false)
  })

  it('loads the settings, shows messages under the fields and saves threshold, text and shown by default', async () => {
    const saved: Settings[] = []
    view = await render(<ScarcitySettings load={async () => ({ ok: true, status: 200, data: DEFAULTS })} save={async (s) => (saved.push(s), { ok: true, status: 200, data: s })} />)
    const root = view.container
    await waitFor(() => root.querySelector('form.scarcity-settings'))
    const threshold = byLabel(root, 'Show it at or below this stock')
    const text = byLabel(root, 'Message')
    expect(threshold.value).toBe('5')
    expect(text.value).toBe('Only {qtyInStock} left in stock!')
    await typeInto(text, 'Hurry!')
    await click(byText(root, 'button', 'Save')!)
    expect(messageFor(text)).toBe('Include {qtyInStock} in the message.')
    expect(saved).toEqual([])
    await typeInto(text, 'Just {qtyInStock} to go')
    await typeInto(threshold, '3')
    await click(byLabel(root, 'Show it before a variant is chosen'))
    await click(byText(root, 'button', 'Save')!)
    await waitFor(() => root.querySelector('[role="status"]')?.textContent === 'Scarcity settings saved')
    expect(saved).toEqual([{ scarcityEnabled: true, scarcityThreshold: 3, scarcityText: 'Just {qtyInStock} to go', scarcityShownByDefault: true }])
  })
})
