// @vitest-environment jsdom
// The preview frame's style listener: only the editor's origin, only from the parent, only known variables with
// safe values. The framed page is a window-like object over jsdom's own document and events; its parent is jsdom's
// window (whose postMessage is recorded).
import { afterEach, describe, expect, it } from 'vitest'
import { PREVIEW_MESSAGE, READY_MESSAGE, editorOrigin, listenForStylePreview, safeVariable } from './style-preview.js'

const EDITOR = 'http://localhost:3000'
const SITE = { protocol: 'http:', hostname: 'bakery.localhost', port: '3000' }

function framedPage(referrer: string, ancestor?: string) {
  const events = new EventTarget()
  const posted: { message: unknown; origin: string }[] = []
  const parent = window
  parent.postMessage = ((message: unknown, origin: string) => void posted.push({ message, origin })) as typeof window.postMessage
  const win = {
    parent,
    location: { ...SITE, ancestorOrigins: ancestor ? Object.assign([ancestor], { contains: () => true, item: () => ancestor }) : undefined },
    document: { referrer, documentElement: document.documentElement, head: document.head, querySelector: document.querySelector.bind(document), createElement: document.createElement.bind(document) },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  } as unknown as Window
  const send = (data: unknown, origin = EDITOR, source: unknown = parent) =>
    events.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }))
  return { win, posted, send }
}

const css = (name: string) => document.documentElement.style.getPropertyValue(name)

afterEach(() => document.documentElement.removeAttribute('style'))

describe('style preview listener', () => {
  it("applies the editor's variables to :root, tells the editor it is ready, and clears what a later message drops", () => {
    const { win, posted, send } = framedPage(`${EDITOR}/`)
    const stop = listenForStylePreview(win)
    expect(posted).toEqual([{ message: { type: READY_MESSAGE }, origin: EDITOR }])
    send({ type: PREVIEW_MESSAGE, variables: { '--accent': '#cc0000', '--accent-soft': 'color-mix(in srgb, #cc0000 14%, #fbfaf7)', '--font-display': "Rockwell, 'Roboto Slab', serif" } })
    expect(css('--accent')).toBe('#cc0000')
    expect(css('--accent-soft')).toBe('color-mix(in srgb, #cc0000 14%, #fbfaf7)')
    expect(css('--font-display')).toBe("Rockwell, 'Roboto Slab', serif")
    // a font variable brings the web font faces stylesheet, once
    expect([...document.head.querySelectorAll('link[data-font-faces]')].map((l) => l.getAttribute('href'))).toEqual(['/assets/fonts/faces.css'])
    send({ type: PREVIEW_MESSAGE, variables: { '--paper': '#000' } })
    expect(css('--accent')).toBe('')
    expect(css('--paper')).toBe('#000')
    send({ type: PREVIEW_MESSAGE, variables: null })
    expect(css('--paper')).toBe('')
    stop()
    send({ type: PREVIEW_MESSAGE, variables: { '--paper': '#111' } })
    expect(css('--paper')).toBe('')
  })

  it('ignores messages from other origins, from windows other than the parent, and of other types', () => {
    const { win, send } = framedPage(`${EDITOR}/`)
    listenForStylePreview(win)
    const msg = { type: PREVIEW_MESSAGE, variables: { '--accent': '#123456' } }
    send(msg, 'http://evil.localhost:3000')
    send(msg, 'https://localhost:3000')
    send(msg, 'http://localhost:4000')
    send(msg, EDITOR, null)
    send({ ...msg, type: 'other' })
    expect(css('--accent')).toBe('')
    send(msg)
    expect(css('--accent')).toBe('#123456')
  })

  it('skips unknown variables and unsafe values', () => {
    const { win, send } = framedPage(`${EDITOR}/config/styles`)
    listenForStylePreview(win)
    send({
      type: PREVIEW_MESSAGE,
      variables: {
        '--accent': 'red;} body{display:none',
        '--paper': 'url(http://x/y.png)',
        '--ink': '#12',
        '--font-body': 'Arial; } </style><script>alert(1)</script>',
        '--font-display': 'expression(alert(1))',
        '--accent-soft': 'color-mix(in srgb, red 14%, blue)',
        '--radius': '0',
        color: 'red',
        '--surface': 42,
        '--line': '#e3e0d8',
      },
    })
    for (const n of ['--accent', '--paper', '--ink', '--font-body', '--font-display', '--accent-soft', '--radius', '--surface']) expect(css(n), n).toBe('')
    expect(document.documentElement.style.getPropertyValue('color')).toBe('')
    expect(css('--line')).toBe('#e3e0d8')
  })

  it('does not listen when framed by a foreign page or not framed at all', () => {
    for (const referrer of ['http://evil.example/', 'http://other.localhost:3000/', '', 'not a url']) {
      const { win, posted, send } = framedPage(referrer)
      listenForStylePreview(win)
      send({ type: PREVIEW_MESSAGE, variables: { '--accent': '#123456' } }, referrer ? new URL(referrer, 'http://x').origin : EDITOR)
      expect(posted).toEqual([])
      expect(css('--accent')).toBe('')
    }
    // The parent's real origin (ancestorOrigins) wins over the referrer.
    const spoofed = framedPage(`${EDITOR}/`, 'http://evil.example')
    listenForStylePreview(spoofed.win)
    expect(spoofed.posted).toEqual([])
    expect(listenForStylePreview(window)).toBeTypeOf('function') // top window: nothing to do
  })

  it('derives the editor origin from the site host', () => {
    expect(editorOrigin(SITE, 'http://localhost:3000/')).toBe(EDITOR)
    expect(editorOrigin(SITE, 'http://bakery.localhost:3000/page')).toBe('http://bakery.localhost:3000')
    expect(editorOrigin({ protocol: 'http:', hostname: 'localhost', port: '' }, 'http://localhost/config')).toBe('http://localhost')
    expect(editorOrigin(SITE, 'http://cake.localhost:3000/')).toBeNull()
    expect(editorOrigin(SITE, 'http://localhost.evil.example:3000/')).toBeNull()
    expect(editorOrigin(SITE, undefined)).toBeNull()
    expect(safeVariable('--accent', '#ABCDEF')).toBe(true)
    expect(safeVariable('--font-body', "'Segoe UI', -apple-system, sans-serif")).toBe(true)
  })
})
