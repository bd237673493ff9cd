// @vitest-environment jsdom
// Focus containment (SPEC.md section 5): exactly one of container and predicate; Tab and Shift+Tab cycle within the
// set, focus landing outside is pulled back, release() ends it.
import { afterEach, describe, expect, it } from 'vitest'
import { CONTAINMENT_ARGUMENT_ERROR, containFocus, type FocusScope } from './focus.js'

afterEach(() => {
  document.body.innerHTML = ''
})

const tab = (shiftKey = false) => {
  const e = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true })
  document.dispatchEvent(e)
  return e.defaultPrevented
}
const el = (id: string) => document.getElementById(id)!

function page() {
  document.body.innerHTML = `<button id="before">Before</button>
    <div id="box"><button id="one">One</button><a id="two" href="#x">Two</a><input id="off" disabled><button id="gone" hidden>Gone</button></div>
    <button id="after" data-keep>After</button>`
}

describe('containFocus', () => {
  it('takes exactly one of container and predicate', () => {
    page()
    expect(() => containFocus(document, {} as FocusScope)).toThrow(new TypeError(CONTAINMENT_ARGUMENT_ERROR))
    expect(() => containFocus(document, { container: el('box'), predicate: () => true } as unknown as FocusScope)).toThrow(TypeError)
    expect(CONTAINMENT_ARGUMENT_ERROR).toBe('Focus containment takes exactly one of container and predicate.')
    containFocus(document, { container: el('box') }).release()
    containFocus(document, { predicate: () => true }).release()
  })

  it('with a container: Tab wraps at both ends, skips disabled and hidden, pulls escaped focus back; release ends it', () => {
    page()
    const c = containFocus(document, { container: el('box') })
    expect(c.elements().map((e) => e.id)).toEqual(['one', 'two'])
    el('two').focus()
    expect(tab()).toBe(true)
    expect(document.activeElement).toBe(el('one'))
    expect(tab(true)).toBe(true)
    expect(document.activeElement).toBe(el('two'))
    el('one').focus()
    expect(tab()).toBe(false) // inside the set the browser moves focus itself
    el('after').focus()
    expect(document.activeElement).toBe(el('one'))
    c.release()
    el('after').focus()
    expect(document.activeElement).toBe(el('after'))
    expect(tab()).toBe(false)
  })

  it('with a predicate: the set need not be one subtree, and every Tab step stays in it', () => {
    page()
    const c = containFocus(document, { predicate: (e) => e.closest('#box') !== null || e.hasAttribute('data-keep') })
    expect(c.elements().map((e) => e.id)).toEqual(['one', 'two', 'after'])
    el('one').focus()
    expect(tab()).toBe(true)
    expect(document.activeElement).toBe(el('two'))
    tab()
    expect(document.activeElement).toBe(el('after'))
    tab()
    expect(document.activeElement).toBe(el('one'))
    tab(true)
    expect(document.activeElement).toBe(el('after'))
    el('before').focus()
    expect(document.activeElement).toBe(el('one'))
    c.release()
  })
})
