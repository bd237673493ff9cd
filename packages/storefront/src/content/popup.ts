// Popup overlay: shown unless this visitor closed it or submitted it for the current version. State lives in
// localStorage under the storage keys the markup names (date-closed, version, submitted).
import { FORM_SUCCESS_EVENT } from '../forms/events.js'
import { claim, type ContentDeps, type ContentModule } from './types.js'

export interface PopupKeys {
  dateClosed: string
  version: string
  submitted: string
}

export function popupKeys(el: HTMLElement): PopupKeys {
  return {
    dateClosed: el.dataset.storageKeyDateClosed || 'date-closed',
    version: el.dataset.storageKeyVersion || 'version',
    submitted: el.dataset.storageKeySubmitted || 'submitted',
  }
}

type Store = NonNullable<ContentDeps['storage']>

function read(storage: Store | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}

function write(storage: Store | null, key: string, value: string) {
  try {
    storage?.setItem(key, value)
  } catch {
    // refused: the popup will simply show again next time
  }
}

/** Whether the popup should show: a new version resets a previous close or submit. */
export function shouldShow(storage: Store | null, keys: PopupKeys, version: string): boolean {
  if (read(storage, keys.version) !== version) return true
  return read(storage, keys.submitted) !== 'true' && read(storage, keys.dateClosed) === null
}

export function enhancePopup(el: HTMLElement, deps: ContentDeps): boolean {
  const storage = deps.storage ?? null
  const keys = popupKeys(el)
  const version = el.dataset.popupVersion ?? ''
  if (!shouldShow(storage, keys, version)) return false
  const doc = el.ownerDocument
  const previous = doc.activeElement as HTMLElement | null
  // the tracker follows these (census overlay shown/closed); it also counts a popup already shown when it starts
  const tell = (action: 'shown' | 'closed') => el.dispatchEvent(new CustomEvent('sitewright:overlay', { bubbles: true, detail: { action } }))
  const hide = () => {
    el.hidden = true
    tell('closed')
    doc.removeEventListener('keydown', onKey)
    previous?.focus?.()
  }
  const close = () => {
    write(storage, keys.version, version)
    write(storage, keys.dateClosed, String((deps.now ?? Date.now)()))
    hide()
  }
  const submitted = () => {
    write(storage, keys.version, version)
    write(storage, keys.submitted, 'true')
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close()
  }
  el.querySelector('[data-popup-close]')?.addEventListener('click', close)
  el.addEventListener('click', (e) => {
    if (e.target === el) close()
  })
  // a newsletter form counts once the forms client reports it saved (a refused or invalid entry does not)
  el.addEventListener(FORM_SUCCESS_EVENT, submitted)
  el.querySelector('[data-popup-submit]')?.addEventListener('click', () => {
    submitted()
    hide()
  })
  doc.addEventListener('keydown', onKey)
  el.hidden = false
  tell('shown')
  el.querySelector<HTMLElement>('[data-popup-close]')?.focus()
  return true
}

export const initPopups: ContentModule = (root, deps) => {
  let n = 0
  for (const el of root.querySelectorAll<HTMLElement>('[data-popup-overlay]')) {
    if (claim(el, 'popup') && el.closest('.system-popup-preview') === null && enhancePopup(el, deps)) n++
  }
  return n
}
