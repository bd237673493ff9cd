// Parses rendered HTML in the jsdom test environment (DOMParser) for selector-based assertions.
export function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html')
}

export function text(doc: Document | Element, selector: string): string {
  const el = doc.querySelector(selector)
  if (!el) throw new Error(`no element matches ${selector}`)
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim()
}

export function attr(doc: Document | Element, selector: string, name: string): string | null {
  const el = doc.querySelector(selector)
  if (!el) throw new Error(`no element matches ${selector}`)
  return el.getAttribute(name)
}

export const count = (doc: Document | Element, selector: string): number => doc.querySelectorAll(selector).length
