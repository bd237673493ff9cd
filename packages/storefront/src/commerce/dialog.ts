// A modal dialog over an overlay: focus moves in and stays in (Tab wraps; core/focus.ts), Escape, the Close Popup button or a
// click outside closes it, and focus returns to the element that opened it. Used by the instalment dialog and
// the store's alerts.

import { containFocus } from '../core/focus.js'

export const CLOSE_POPUP_TEXT = 'Close Popup'

export interface DialogOptions {
  title?: string
  className?: string
  /** role=alertdialog for alerts. */
  role?: 'dialog' | 'alertdialog'
  onClose?: () => void
}

export interface OpenDialog {
  overlay: HTMLElement
  dialog: HTMLElement
  body: HTMLElement
  close(): void
}

let counter = 0

export function openDialog(doc: Document, opts: DialogOptions = {}): OpenDialog {
  const opener = doc.activeElement instanceof HTMLElement ? doc.activeElement : null
  const overlay = doc.createElement('div')
  overlay.className = `sw-dialog-overlay ${opts.className ?? ''}`.trim()
  const dialog = doc.createElement('div')
  dialog.className = 'sw-dialog'
  dialog.setAttribute('role', opts.role ?? 'dialog')
  dialog.setAttribute('aria-modal', 'true')
  dialog.tabIndex = -1
  const close = doc.createElement('button')
  close.type = 'button'
  close.className = 'sw-dialog-close'
  close.setAttribute('aria-label', CLOSE_POPUP_TEXT)
  close.textContent = '×'
  dialog.append(close)
  if (opts.title) {
    const h = doc.createElement('h2')
    h.className = 'sw-dialog-title'
    h.id = `sw-dialog-title-${++counter}`
    h.textContent = opts.title
    dialog.setAttribute('aria-labelledby', h.id)
    dialog.append(h)
  }
  const body = doc.createElement('div')
  body.className = 'sw-dialog-body'
  dialog.append(body)
  overlay.append(dialog)
  doc.body.append(overlay)

  let open = true
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' || e.key === 'Esc') {
      e.preventDefault()
      shut()
    }
  }
  const focus = containFocus(doc, { container: dialog })
  function shut() {
    if (!open) return
    open = false
    doc.removeEventListener('keydown', onKey, true)
    focus.release()
    overlay.remove()
    opener?.focus()
    opts.onClose?.()
  }
  close.addEventListener('click', shut)
  overlay.addEventListener('mousedown', (e) => {
    if (e.target === overlay) shut()
  })
  overlay.addEventListener('click', (e) => {
    if (e.target === overlay) shut()
  })
  doc.addEventListener('keydown', onKey, true)
  close.focus()
  return { overlay, dialog, body, close: shut }
}

/** An alert: title plus message, closed by its button, Escape or a click outside. */
export function showAlert(doc: Document, title: string, message: string): OpenDialog {
  const d = openDialog(doc, { title, role: 'alertdialog', className: 'sw-alert' })
  const p = doc.createElement('p')
  p.className = 'sw-alert-message'
  p.textContent = message
  const ok = doc.createElement('button')
  ok.type = 'button'
  ok.className = 'sw-alert-ok sqs-editable-button'
  ok.textContent = 'OK'
  ok.addEventListener('click', () => d.close())
  d.body.append(p, ok)
  d.dialog.setAttribute('aria-describedby', (p.id = `${d.dialog.getAttribute('aria-labelledby') ?? 'sw-alert'}-message`))
  ok.focus()
  return d
}
