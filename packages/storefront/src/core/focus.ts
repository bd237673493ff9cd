// Focus containment: while contained, Tab and Shift+Tab cycle through one set of focusable elements and focus that
// lands outside the set is pulled back in. The set is given by exactly one of a container (its focusable
// descendants) or a predicate (the document's focusable elements it accepts, for a set that is not one subtree, such
// as a dialog plus the button that opened it).

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export const CONTAINMENT_ARGUMENT_ERROR = 'Focus containment takes exactly one of container and predicate.'

export type FocusScope = { container: HTMLElement; predicate?: undefined } | { predicate: (el: HTMLElement) => boolean; container?: undefined }

export interface Containment {
  /** The elements focus cycles through now, in document order. */
  elements(): HTMLElement[]
  /** Stops containing focus. */
  release(): void
}

const visible = (el: HTMLElement) => !el.hidden && !el.closest('[hidden]')

/** The focusable elements under `root`, in document order (hidden ones left out). */
export function focusables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible)
}

/** Contains focus within the scope until `release()`; throws a TypeError unless exactly one of container and predicate is given. */
export function containFocus(doc: Document, scope: FocusScope): Containment {
  const { container, predicate } = scope as { container?: HTMLElement; predicate?: (el: HTMLElement) => boolean }
  if ((container === undefined) === (predicate === undefined)) throw new TypeError(CONTAINMENT_ARGUMENT_ERROR)
  const elements = () => (container ? focusables(container) : focusables(doc).filter((el) => predicate!(el)))
  const inside = (node: EventTarget | null) =>
    node instanceof Node && (container ? container.contains(node) : node instanceof HTMLElement && predicate!(node))

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Tab') return
    const items = elements()
    if (items.length === 0) {
      e.preventDefault()
      container?.focus()
      return
    }
    const active = doc.activeElement
    const at = items.indexOf(active as HTMLElement)
    if (predicate || at < 0 || (e.shiftKey ? at === 0 : at === items.length - 1)) {
      // a predicate's set is not one subtree: the browser's own Tab order would leave it, so every step is ours
      e.preventDefault()
      const next = at < 0 ? (e.shiftKey ? items.length - 1 : 0) : (at + (e.shiftKey ? -1 : 1) + items.length) % items.length
      items[next]!.focus()
    }
  }
  const onFocusIn = (e: FocusEvent) => {
    if (!inside(e.target)) elements()[0]?.focus()
  }
  doc.addEventListener('keydown', onKey, true)
  doc.addEventListener('focusin', onFocusIn, true)
  return {
    elements,
    release() {
      doc.removeEventListener('keydown', onKey, true)
      doc.removeEventListener('focusin', onFocusIn, true)
    },
  }
}
