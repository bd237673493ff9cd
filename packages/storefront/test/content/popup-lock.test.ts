// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { enhanceLockForm } from '../../src/content/lock.js'
import { initPopups, shouldShow } from '../../src/content/popup.js'
import { FORM_SUCCESS_EVENT } from '../../src/forms/events.js'
import { memoryStorage, page } from './helpers.js'

const POPUP = `<div data-popup-overlay hidden data-popup-id="p1" data-popup-version="3" data-storage-key-date-closed="date-closed"
  data-storage-key-version="version" data-storage-key-submitted="submitted"><button data-popup-close>x</button>
  <form><input name="email"></form><button data-popup-submit>Go</button></div>`
const keys = { dateClosed: 'date-closed', version: 'version', submitted: 'submitted' }

describe('popup overlay', () => {
  it('shows on a first visit and stores date-closed and version when closed', () => {
    page(POPUP)
    const storage = memoryStorage()
    expect(initPopups(document, { storage, now: () => 1234 })).toBe(1)
    const el = document.querySelector<HTMLElement>('[data-popup-overlay]')!
    expect(el.hidden).toBe(false)
    expect(document.activeElement).toBe(el.querySelector('[data-popup-close]'))
    el.querySelector<HTMLElement>('[data-popup-close]')!.click()
    expect(el.hidden).toBe(true)
    expect(Object.fromEntries(storage.map)).toEqual({ 'date-closed': '1234', version: '3' })
  })

  it('stays hidden after a close or a submit of the same version, and shows again for a new version', () => {
    expect(shouldShow(memoryStorage({ version: '3', 'date-closed': '1' }), keys, '3')).toBe(false)
    expect(shouldShow(memoryStorage({ version: '3', submitted: 'true' }), keys, '3')).toBe(false)
    expect(shouldShow(memoryStorage({ version: '2', submitted: 'true' }), keys, '3')).toBe(true)
    page(POPUP)
    expect(initPopups(document, { storage: memoryStorage({ version: '3', 'date-closed': '1' }) })).toBe(0)
    expect(document.querySelector<HTMLElement>('[data-popup-overlay]')!.hidden).toBe(true)
  })

  it('records submitted when its form is saved (not on a mere submit) and on the call-to-action, and closes on Escape', () => {
    page(POPUP)
    const storage = memoryStorage()
    initPopups(document, { storage })
    const form = document.querySelector('form')!
    form.dispatchEvent(new Event('submit', { cancelable: true }))
    expect(storage.map.get('submitted')).toBeUndefined()
    form.dispatchEvent(new CustomEvent(FORM_SUCCESS_EVENT, { bubbles: true, detail: { formId: 'f1' } }))
    expect(storage.map.get('submitted')).toBe('true')
    expect(storage.map.get('version')).toBe('3')
    page(POPUP)
    const s2 = memoryStorage()
    initPopups(document, { storage: s2 })
    document.querySelector<HTMLElement>('[data-popup-submit]')!.click()
    expect(s2.map.get('submitted')).toBe('true')
    expect(document.querySelector<HTMLElement>('[data-popup-overlay]')!.hidden).toBe(true)
    page(POPUP)
    initPopups(document, { storage: memoryStorage(), now: () => 5 })
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(document.querySelector<HTMLElement>('[data-popup-overlay]')!.hidden).toBe(true)
  })

  it('uses the storage key names the markup gives', () => {
    page(POPUP.replace('data-storage-key-version="version"', 'data-storage-key-version="popup-v"'))
    const storage = memoryStorage()
    initPopups(document, { storage, now: () => 7 })
    document.querySelector<HTMLElement>('[data-popup-close]')!.click()
    expect(storage.map.get('popup-v')).toBe('3')
  })
})

describe('lock screen', () => {
  it('puts the current crumb in the form and shows progress on submit', () => {
    page(`<form data-lock-form method="post" action="/secret?unlock"><input type="password" name="password">
      <button type="submit">Unlock</button><p data-lock-error>Wrong</p></form>`)
    const form = document.querySelector('form')!
    enhanceLockForm(form, { cookies: () => 'crumb=fresh-1' })
    form.addEventListener('submit', (e) => e.preventDefault()) // jsdom cannot navigate
    form.dispatchEvent(new Event('submit', { cancelable: true }))
    expect(form.querySelector<HTMLInputElement>('input[name="crumb"]')!.value).toBe('fresh-1')
    expect(form.querySelector('button')!.disabled).toBe(true)
    expect(form.querySelector('button')!.textContent).toBe('Unlocking…')
    expect(form.querySelector('[data-lock-error]')!.textContent).toBe('')
  })

  it('refreshes an existing crumb field', () => {
    page(`<form data-lock-form><input type="hidden" name="crumb" value="stale"><button type="submit">Unlock</button></form>`)
    const form = document.querySelector('form')!
    enhanceLockForm(form, { cookies: () => 'crumb=new' })
    form.addEventListener('submit', (e) => e.preventDefault())
    form.dispatchEvent(new Event('submit', { cancelable: true }))
    expect(form.querySelectorAll('input[name="crumb"]')).toHaveLength(1)
    expect(form.querySelector<HTMLInputElement>('input[name="crumb"]')!.value).toBe('new')
  })
})
