// Checkout address entry: the city field is an accessible combobox (ARIA 1.2 list autocomplete). Typing asks
// GET /api/google-maps/places/autocomplete (debounced; older answers dropped); choosing a suggestion (click, or arrows
// then Enter) asks /details and fills the city, the state / region and the country of the same address, then
// moves on to the postal code. Escape closes the list; the field stays a plain text input without script.
// Each call belongs to a context, the product page and section that use the address search (SPEC.md's places row:
// "console error when context lacks productPage and productSection"); the theme names it on the input
// (data-places-product-page, data-places-product-section). An input without it still works, and says so in the console
// on every call (a theme's markup bug; the reference attributes each places call this way).
import type { PlaceDetails, PlacePrediction } from '@sitewright/contracts'

export const AUTOCOMPLETE_PATH = '/api/google-maps/places/autocomplete'
export const DETAILS_PATH = '/api/google-maps/places/details'
/** Logged (console.error) by a places call whose context lacks productPage or productSection. */
export const PLACES_CONTEXT_ERROR = 'Places request: the context lacks productPage and productSection'
const DEBOUNCE_MS = 200
const MIN_CHARS = 2

export interface PlacesDeps {
  fetch: typeof fetch
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

let nextId = 0

/** The form field next to `input` named `<prefix>.<part>` (shipping.city -> shipping.region). */
function sibling<T extends HTMLElement>(input: HTMLInputElement, part: string): T | null {
  const prefix = input.name.includes('.') ? input.name.slice(0, input.name.lastIndexOf('.') + 1) : ''
  return input.form?.querySelector<T>(`[name="${prefix}${part}"]`) ?? null
}

function setValue(el: HTMLInputElement | HTMLSelectElement | null, value: string, label?: string): void {
  if (!el || !value) return
  if (el instanceof HTMLSelectElement && ![...el.options].some((o) => o.value === value)) {
    const o = el.ownerDocument.createElement('option')
    o.value = value
    o.textContent = label || value
    el.append(o)
  }
  if (el.value === value) return
  el.value = value
  el.dispatchEvent(new Event('change', { bubbles: true }))
}

export function bindPlacesCombobox(input: HTMLInputElement, deps: PlacesDeps): void {
  const doc = input.ownerDocument
  const id = `places-${++nextId}`
  const field = input.closest('label') ?? input
  const wrap = doc.createElement('div')
  wrap.className = 'places-combobox'
  field.replaceWith(wrap)
  wrap.append(field)
  const list = doc.createElement('ul')
  list.id = `${id}-list`
  list.className = 'places-listbox'
  list.setAttribute('role', 'listbox')
  list.setAttribute('aria-label', 'Suggestions')
  list.hidden = true
  const status = doc.createElement('span')
  status.className = 'visually-hidden'
  status.setAttribute('role', 'status')
  wrap.append(list, status)

  input.setAttribute('role', 'combobox')
  input.setAttribute('aria-autocomplete', 'list')
  input.setAttribute('aria-expanded', 'false')
  input.setAttribute('aria-controls', list.id)
  input.setAttribute('autocomplete', 'off')

  let items: PlacePrediction[] = []
  let active = -1
  let timer: unknown = null
  let asked = 0
  const session = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
  const context = { productPage: input.dataset.placesProductPage ?? '', productSection: input.dataset.placesProductSection ?? '' }
  const checkContext = (call: 'autocomplete' | 'details') => {
    if (!context.productPage || !context.productSection) console.error(PLACES_CONTEXT_ERROR, { call, ...context })
  }

  const close = () => {
    list.hidden = true
    input.setAttribute('aria-expanded', 'false')
    input.removeAttribute('aria-activedescendant')
    active = -1
  }
  const highlight = (i: number) => {
    active = i
    for (const [n, li] of [...list.children].entries()) li.setAttribute('aria-selected', String(n === i))
    if (i >= 0) {
      input.setAttribute('aria-activedescendant', `${id}-opt-${i}`)
      ;(list.children[i] as HTMLElement | undefined)?.scrollIntoView?.({ block: 'nearest' })
    } else input.removeAttribute('aria-activedescendant')
  }
  const render = () => {
    list.replaceChildren(
      ...items.map((p, i) => {
        const li = doc.createElement('li')
        li.id = `${id}-opt-${i}`
        li.setAttribute('role', 'option')
        li.setAttribute('aria-selected', 'false')
        const main = doc.createElement('span')
        main.className = 'places-main'
        main.textContent = p.mainText
        const secondary = doc.createElement('span')
        secondary.className = 'places-secondary'
        secondary.textContent = p.secondaryText
        li.append(main, ' ', secondary)
        // mousedown, not click: the input keeps focus (no blur closing the list first)
        li.addEventListener('mousedown', (e) => {
          e.preventDefault()
          void choose(i)
        })
        return li
      }),
    )
    status.textContent = items.length ? `${items.length} suggestion${items.length === 1 ? '' : 's'}, use the arrow keys to choose` : ''
    // an answer arriving after the visitor moved on opens nothing
    if (items.length && doc.activeElement === input) {
      list.hidden = false
      input.setAttribute('aria-expanded', 'true')
      highlight(-1)
    } else close()
  }

  const lookup = async (text: string) => {
    const mine = ++asked
    const q = new URLSearchParams({ input: text, limit: '6', sessiontoken: session })
    const country = sibling<HTMLSelectElement>(input, 'country')?.value
    if (country && /^[A-Z]{2}$/.test(country)) q.set('country', country)
    checkContext('autocomplete')
    try {
      const res = await deps.fetch(`${AUTOCOMPLETE_PATH}?${q}`, { headers: { Accept: 'application/json' } })
      const body = res.ok ? ((await res.json()) as { predictions?: PlacePrediction[] }) : null
      if (mine !== asked) return
      items = body?.predictions ?? []
    } catch {
      if (mine !== asked) return
      items = []
    }
    render()
  }

  async function choose(i: number) {
    const p = items[i]
    if (!p) return
    asked++
    input.value = p.mainText
    close()
    checkContext('details')
    try {
      const res = await deps.fetch(`${DETAILS_PATH}?${new URLSearchParams({ placeId: p.placeId, sessiontoken: session })}`, { headers: { Accept: 'application/json' } })
      if (!res.ok) return
      const d = ((await res.json()) as { result?: PlaceDetails }).result
      if (!d) return
      if (d.line1) setValue(sibling(input, 'line1'), d.line1)
      setValue(input, d.city)
      setValue(sibling(input, 'postalCode'), d.postalCode)
      // the country first: the region belongs to it (and a country change recalculates shipping)
      setValue(sibling(input, 'country'), d.country, d.countryName)
      setValue(sibling(input, 'region'), d.region)
      status.textContent = `${d.formattedAddress} chosen`
      const next = sibling<HTMLInputElement>(input, 'postalCode')
      if (next && !next.value) next.focus()
    } catch {
      // the typed city stays; the visitor fills the rest by hand
    }
  }

  input.addEventListener('input', () => {
    if (timer !== null) deps.clearTimeout(timer)
    const text = input.value.trim()
    if (text.length < MIN_CHARS) {
      asked++
      items = []
      return render()
    }
    timer = deps.setTimeout(() => void lookup(text), DEBOUNCE_MS)
  })
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !list.hidden) {
      e.preventDefault()
      return close()
    }
    if (!items.length) return
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      if (list.hidden) render()
      highlight(active + 1 >= items.length ? 0 : active + 1)
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      if (list.hidden) render()
      highlight(active <= 0 ? items.length - 1 : active - 1)
    } else if (e.key === 'Enter' && !list.hidden && active >= 0) {
      e.preventDefault()
      void choose(active)
    }
  })
  input.addEventListener('blur', () => close())
}

export function wirePlacesAutocomplete(root: ParentNode, deps?: Partial<PlacesDeps>): void {
  const d: PlacesDeps = {
    fetch: deps?.fetch ?? ((...a) => fetch(...a)),
    setTimeout: deps?.setTimeout ?? ((fn, ms) => setTimeout(fn, ms)),
    clearTimeout: deps?.clearTimeout ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)),
  }
  for (const input of root.querySelectorAll<HTMLInputElement>('input[data-places-autocomplete]')) bindPlacesCombobox(input, d)
}
