// Small helpers for rendering React components in jsdom tests without extra libraries.
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export interface Rendered {
  container: HTMLElement
  unmount(): void
}

export async function render(node: ReactNode): Promise<Rendered> {
  const container = document.createElement('div')
  document.body.appendChild(container)
  let root: Root | undefined
  await act(async () => {
    root = createRoot(container)
    root.render(node)
  })
  return {
    container,
    unmount: () => {
      act(() => root?.unmount())
      container.remove()
    },
  }
}

/** Types into a controlled input the way a user would (React listens to the native input event). */
export async function typeInto(el: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
    setter?.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

export async function choose(el: HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set
    setter?.call(el, value)
    el.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

export async function click(el: Element): Promise<void> {
  await act(async () => {
    ;(el as HTMLElement).click()
  })
}

// 10 s: a lazy screen's first import under a loaded full run took over 2 s (App.test's Pages heading); it returns as soon as the probe holds
export async function waitFor<T>(probe: () => T | null | undefined | false, timeoutMs = 10_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() - started > timeoutMs) throw new Error('waitFor: condition not met in time')
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10))
    })
  }
}

/** The input/select whose <label> reads `text`. */
export function queryByLabel<T extends HTMLElement = HTMLInputElement>(
  root: ParentNode,
  text: string,
): T | null {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)
  const id = label?.getAttribute('for')
  return id ? root.querySelector<T>(`[id="${id}"]`) : null
}

export function byLabel<T extends HTMLElement = HTMLInputElement>(root: ParentNode, text: string): T {
  const el = queryByLabel<T>(root, text)
  if (!el) throw new Error(`no field labelled ${text}`)
  return el
}

export function byText(root: ParentNode, selector: string, text: string): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>(selector)].find((el) => el.textContent?.trim() === text)
}

/** The validation message shown under a field (via aria-describedby). */
export function messageFor(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? []
  for (const id of ids) {
    const el = document.getElementById(id)
    if (el?.hasAttribute('data-field-error')) return el.textContent
  }
  return null
}
