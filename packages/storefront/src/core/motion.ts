// The one tween and the scroll helpers of the visitor runtime (scroll to a form's thank-you text, to its first
// error, to an in-page anchor). A tween's first argument must be a function and its duration finite (default
// 300 ms); a scroll lasts with its distance, at least the clamp (default 50 ms) and at most the tween default,
// and stops the offset (30 px, plus a sticky header) above its target. Visitors who prefer reduced motion get
// the end position at once.

export const TWEEN_DEFAULT_MS = 300
export const SCROLL_DURATION_CLAMP_MS = 50
export const SCROLL_OFFSET_PX = 30
/** Pixels a scroll covers per millisecond before the clamp and the tween default bound its duration. */
const SCROLL_PX_PER_MS = 4

export interface Frames {
  now(): number
  frame(cb: () => void): unknown
}

const browserFrames = (win: Window | null | undefined): Frames => ({
  now: () => (win?.performance ?? performance).now(),
  frame: (cb) => (win?.requestAnimationFrame ? win.requestAnimationFrame(() => cb()) : setTimeout(cb, 16)),
})

export interface Tween {
  cancel(): void
  /** Settles when the last step ran (or at once when cancelled). */
  done: Promise<void>
}

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2)

/** Calls `step(progress)` every frame with eased progress from 0 to 1 over `duration` ms (the last call gets 1). */
export function tween(step: (progress: number) => void, duration: number = TWEEN_DEFAULT_MS, frames: Frames = browserFrames(globalThis.window)): Tween {
  if (typeof step !== 'function') throw new TypeError('tween: the first argument must be a function')
  if (typeof duration !== 'number' || !Number.isFinite(duration) || duration < 0) throw new RangeError('tween: the duration must be a finite number of milliseconds')
  let cancelled = false
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  const start = frames.now()
  const tick = () => {
    if (cancelled) return finish()
    const t = duration === 0 ? 1 : Math.min(1, (frames.now() - start) / duration)
    step(easeInOut(t))
    if (t < 1) frames.frame(tick)
    else finish()
  }
  frames.frame(tick)
  return {
    cancel: () => {
      cancelled = true
      finish()
    },
    done,
  }
}

/** How long a scroll over `distance` pixels lasts: with the distance, within [clamp, TWEEN_DEFAULT_MS]. */
export function scrollDuration(distance: number, clamp: number = SCROLL_DURATION_CLAMP_MS): number {
  return Math.max(clamp, Math.min(TWEEN_DEFAULT_MS, Math.abs(distance) / SCROLL_PX_PER_MS))
}

export function prefersReducedMotion(win: Window | null | undefined): boolean {
  return win?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

/** The height of a sticky or fixed site header that covers the top of the window, else 0. */
function headerCover(doc: Document): number {
  const header = doc.querySelector<HTMLElement>('.site-header')
  const win = doc.defaultView
  if (!header || !win) return 0
  const position = win.getComputedStyle(header).position
  return position === 'sticky' || position === 'fixed' ? header.getBoundingClientRect().height : 0
}

export interface ScrollOptions {
  offset?: number
  clamp?: number
  frames?: Frames
}

/** Scrolls the window so `target` sits the offset below the top (and below a sticky header). */
export function scrollToElement(target: Element, opts: ScrollOptions = {}): Tween {
  const doc = target.ownerDocument
  const win = doc.defaultView
  const from = win?.scrollY ?? 0
  const to = Math.max(0, from + target.getBoundingClientRect().top - (opts.offset ?? SCROLL_OFFSET_PX) - headerCover(doc))
  const jump = (y: number) => win?.scrollTo?.({ top: y, left: win.scrollX, behavior: 'instant' as ScrollBehavior })
  if (prefersReducedMotion(win) || to === from) {
    jump(to)
    return { cancel: () => undefined, done: Promise.resolve() }
  }
  return tween((p) => jump(from + (to - from) * p), scrollDuration(to - from, opts.clamp), opts.frames ?? browserFrames(win))
}

/** In-page anchors (`<a href="#id">`) scroll with the helpers, then move focus to their target; returns the unwiring. */
export function wireAnchors(doc: Document): () => void {
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const link = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href^="#"]')
    const id = link ? decodeURIComponent(link.getAttribute('href')!.slice(1)) : ''
    const target = id ? doc.getElementById(id) : null
    if (!target) return
    e.preventDefault()
    doc.defaultView?.history.pushState?.(null, '', `#${encodeURIComponent(id)}`)
    void scrollToElement(target).done.then(() => {
      if (!target.hasAttribute('tabindex') && !target.matches('a[href], button, input, select, textarea')) target.setAttribute('tabindex', '-1')
      target.focus({ preventScroll: true })
    })
  }
  doc.addEventListener('click', onClick)
  return () => doc.removeEventListener('click', onClick)
}
