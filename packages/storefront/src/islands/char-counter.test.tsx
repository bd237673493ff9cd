// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { counterState } from '../core/counter.js'
import { mount } from './char-counter.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const unmounts: (() => void)[] = []
afterEach(() => {
  act(() => unmounts.splice(0).forEach((u) => u()))
  document.body.innerHTML = ''
})

async function setup(max: unknown, value = '') {
  document.body.innerHTML = `<textarea id="f"></textarea><span id="c"></span>`
  const field = document.getElementById('f') as HTMLTextAreaElement
  field.value = value
  const el = document.getElementById('c')!
  await act(async () => {
    unmounts.push(mount(el, { for: 'f', max }, {} as never))
  })
  const type = async (text: string) =>
    act(async () => {
      field.value = text
      field.dispatchEvent(new Event('input', { bubbles: true }))
    })
  return { el, type }
}

describe('character counter', () => {
  it("shows 'length / max' and the error state above max", async () => {
    const { el, type } = await setup(5, 'abc')
    expect(el.textContent).toBe('3 / 5')
    await type('abcdef')
    expect(el.textContent).toBe('6 / 5')
    expect(el.querySelector('.char-counter')?.classList.contains('error')).toBe(true)
    await type('abcde')
    expect(el.querySelector('.char-counter')?.classList.contains('error')).toBe(false)
  })

  it('ignores a max of 0 or non-numeric', async () => {
    expect(counterState(3, 0)).toBeNull()
    expect(counterState(3, 'abc')).toBeNull()
    expect(counterState(3, '7')).toEqual({ text: '3 / 7', error: false })
    const { el } = await setup('none', 'abc')
    expect(el.textContent).toBe('')
  })

  it('refuses to mount without its field', () => {
    document.body.innerHTML = '<span id="c"></span>'
    expect(() => mount(document.getElementById('c')!, { for: 'missing', max: 3 }, {} as never)).toThrow(
      /no input or textarea/,
    )
  })
})
