// A modal dialog over an overlay: focus moves in and stays in (Tab wraps), Escape, the Close Popup button or a
// click outside closes it, and focus returns to the element that opened it. Used by the instalment dialog and
// the store's alerts.

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

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden && !el.closest('[hidden]'))
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
      return
    }
    if (e.key !== 'Tab') return
    const items = focusables(dialog)
    if (items.length === 0) {
      e.preventDefault()
      dialog.focus()
      return
    }
    const first = items[0]!
    const last = items[items.length - 1]!
    const active = doc.activeElement
    if (e.shiftKey && (active === first || !dialog.contains(active))) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
      e.preventDefault()
      first.focus()
    }
  }
  const onFocusIn = (e: FocusEvent) => {
    if (open && e.target instanceof Node && !dialog.contains(e.target)) close.focus()
  }
  function shut() {
    if (!open) return
    open = false
    doc.removeEventListener('keydown', onKey, true)
    doc.removeEventListener('focusin', onFocusIn, true)
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
  doc.addEventListener('focusin', onFocusIn, true)
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
