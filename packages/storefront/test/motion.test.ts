// @vitest-environment jsdom
// The one tween (first argument a function, finite duration, default 300 ms) and the scroll helpers (duration
// clamp 50 ms, offset 30 px, reduced motion) used by form scrolls and in-page anchors. Frames are stepped by hand.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { scrollDuration, scrollToElement, SCROLL_DURATION_CLAMP_MS, SCROLL_OFFSET_PX, tween, TWEEN_DEFAULT_MS, wireAnchors, type Frames } from '../src/core/motion.js'

/** Frames run when `advance(ms)` is called. */
function manualFrames() {
  let clock = 0
  let queue: (() => void)[] = []
  const frames: Frames = { now: () => clock, frame: (cb) => queue.push(cb) }
  return {
    frames,
    advance(ms: number) {
      clock += ms
      const run = queue
      queue = []
      run.forEach((f) => f())
    },
  }
}

const at = (el: Element, top: number) => vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({ top, height: 20 } as DOMRect)
const reduced = (on: boolean) => (window.matchMedia = ((q: string) => ({ matches: on && q === '(prefers-reduced-motion: reduce)' })) as unknown as typeof window.matchMedia)

afterEach(() => {
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('tween', () => {
  it('has the spec values: default 300 ms, scroll clamp 50, offset 30', () => {
    expect([TWEEN_DEFAULT_MS, SCROLL_DURATION_CLAMP_MS, SCROLL_OFFSET_PX]).toEqual([300, 50, 30])
  })

  it('needs a function first and a finite duration', () => {
    expect(() => tween('x' as unknown as () => void)).toThrow('tween: the first argument must be a function')
    expect(() => tween(() => undefined, Infinity)).toThrow('tween: the duration must be a finite number of milliseconds')
    expect(() => tween(() => undefined, NaN)).toThrow(RangeError)
  })

  it('steps from 0 to 1 over the default 300 ms and ends with 1', async () => {
    const m = manualFrames()
    const seen: number[] = []
    const t = tween((p) => seen.push(p), undefined, m.frames)
    m.advance(0)
    m.advance(150)
    m.advance(149)
    expect(seen.at(-1)).toBeLessThan(1)
    m.advance(1)
    expect(seen).toEqual([0, 0.5, expect.any(Number), 1])
    await t.done
  })

  it('a scroll lasts with its distance within [50, 300] ms', () => {
    expect(scrollDuration(10)).toBe(50)
    expect(scrollDuration(-600)).toBe(150)
    expect(scrollDuration(100000)).toBe(300)
    expect(scrollDuration(10, 80)).toBe(80)
  })
})

describe('scroll helpers', () => {
  it('scroll to an element stops 30 px above it, in steps; reduced motion jumps at once', async () => {
    reduced(false)
    const scrolls: number[] = []
    window.scrollTo = ((o: ScrollToOptions) => scrolls.push(o.top!)) as typeof window.scrollTo
    document.body.innerHTML = '<p id="t">target</p>'
    const target = document.getElementById('t')!
    at(target, 1000)
    const m = manualFrames()
    const t = scrollToElement(target, { frames: m.frames })
    m.advance(0)
    m.advance(120)
    m.advance(200)
    await t.done
    expect(scrolls[0]).toBe(0)
    expect(scrolls.at(-1)).toBe(1000 - 30)
    expect(scrolls.length).toBe(3)

    reduced(true)
    scrolls.length = 0
    await scrollToElement(target, { frames: m.frames }).done
    expect(scrolls).toEqual([970])
  })

  it('an in-page anchor scrolls to its target and focuses it', async () => {
    reduced(true)
    const scrolls: number[] = []
    window.scrollTo = ((o: ScrollToOptions) => scrolls.push(o.top!)) as typeof window.scrollTo
    document.body.innerHTML = '<a href="#details">Details</a><section id="details"><h2>Details</h2></section><a href="/elsewhere">x</a>'
    at(document.getElementById('details')!, 500)
    const unwire = wireAnchors(document)
    document.querySelector<HTMLAnchorElement>('a[href="#details"]')!.click()
    await Promise.resolve()
    await Promise.resolve()
    unwire()
    expect(scrolls).toEqual([470])
    expect(location.hash).toBe('#details')
    expect(document.activeElement).toBe(document.getElementById('details'))
  })
})
