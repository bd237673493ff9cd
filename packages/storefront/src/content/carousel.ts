// Slideshows, sliders and summary carousels: a CSS scroll-snap track that already works by swiping and through
// thumbnail anchors; this adds previous/next buttons, arrow keys, the current thumbnail and autoplay
// (data-autoplay-duration seconds, 1..10, default 5; paused on hover, focus, a hidden tab or reduced motion).
import { claim, type ContentModule } from './types.js'

export const DEFAULT_AUTOPLAY_SECONDS = 5

export function autoplaySeconds(raw: string | undefined): number {
  const n = Number(raw)
  return Number.isFinite(n) && n >= 1 && n <= 10 ? n : DEFAULT_AUTOPLAY_SECONDS
}

/** Index of the slide whose left edge is nearest the track's scroll position. */
function currentIndex(track: HTMLElement, slides: HTMLElement[]): number {
  let best = 0
  let bestDistance = Infinity
  slides.forEach((s, i) => {
    const d = Math.abs(s.offsetLeft - track.offsetLeft - track.scrollLeft)
    if (d < bestDistance) [best, bestDistance] = [i, d]
  })
  return best
}

export interface CarouselHandle {
  go(index: number): void
  index(): number
  next(): void
  prev(): void
  stop(): void
}

export function enhanceCarousel(el: HTMLElement): CarouselHandle | null {
  const track = el.querySelector<HTMLElement>('[data-carousel-track]')
  const slides = [...el.querySelectorAll<HTMLElement>('[data-carousel-slide]')]
  if (!track || slides.length === 0) return null
  const thumbs = [...el.querySelectorAll<HTMLAnchorElement>('[data-carousel-thumb]')]
  let current = 0

  const mark = (i: number) => {
    current = i
    thumbs.forEach((t, j) => t.setAttribute('aria-current', String(j === i)))
  }
  const go = (i: number) => {
    const n = (i + slides.length) % slides.length
    const slide = slides[n]!
    const left = slide.offsetLeft - track.offsetLeft
    if (typeof track.scrollTo === 'function') track.scrollTo({ left, behavior: 'smooth' })
    else track.scrollLeft = left
    mark(n)
  }
  el.querySelector('[data-carousel-prev]')?.addEventListener('click', () => go(current - 1))
  el.querySelector('[data-carousel-next]')?.addEventListener('click', () => go(current + 1))
  track.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowRight') go(current + 1)
    else if (e.key === 'ArrowLeft') go(current - 1)
    else return
    e.preventDefault()
  })
  thumbs.forEach((t, i) =>
    t.addEventListener('click', (e) => {
      e.preventDefault()
      go(i)
    }),
  )
  track.addEventListener('scroll', () => mark(currentIndex(track, slides)), { passive: true })
  mark(0)
  el.dataset.enhanced = 'true'

  let timer: ReturnType<typeof setInterval> | undefined
  const win = el.ownerDocument.defaultView
  const reduced = win?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  if (el.dataset.autoplay === 'true' && slides.length > 1 && !reduced) {
    let paused = false
    const pause = () => (paused = true)
    const resume = () => (paused = false)
    el.addEventListener('mouseenter', pause)
    el.addEventListener('mouseleave', resume)
    el.addEventListener('focusin', pause)
    el.addEventListener('focusout', resume)
    timer = setInterval(() => {
      if (!paused && el.ownerDocument.visibilityState !== 'hidden') go(current + 1)
    }, autoplaySeconds(el.dataset.autoplayDuration) * 1000)
  }
  return {
    go,
    index: () => current,
    next: () => go(current + 1),
    prev: () => go(current - 1),
    stop: () => clearInterval(timer),
  }
}

export const initCarousels: ContentModule = (root) => {
  let n = 0
  for (const el of root.querySelectorAll<HTMLElement>('[data-carousel]')) {
    if (claim(el, 'carousel') && enhanceCarousel(el)) n++
  }
  return n
}
