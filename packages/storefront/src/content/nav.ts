// Main navigation: the mobile menu (a checkbox that works without JS) gains aria-expanded and Escape; folder
// dropdowns (<details>) close each other, on Escape and on a click elsewhere.
import { claim, type ContentModule } from './types.js'

export const initNav: ContentModule = (root) => {
  const nav = root.querySelector<HTMLElement>('[data-site-nav]')
  if (!nav || !claim(nav, 'nav')) return 0
  const doc = nav.ownerDocument
  const toggle = root.querySelector<HTMLInputElement>('[data-nav-toggle]')
  const dropdowns = [...nav.querySelectorAll<HTMLDetailsElement>('details[data-nav-dropdown]')]

  const sync = () => toggle?.setAttribute('aria-expanded', String(toggle.checked))
  toggle?.addEventListener('change', sync)
  sync()

  for (const d of dropdowns) {
    d.addEventListener('toggle', () => {
      if (d.open) for (const other of dropdowns) if (other !== d) other.open = false
    })
  }
  doc.addEventListener('click', (e) => {
    for (const d of dropdowns) if (d.open && !d.contains(e.target as Node)) d.open = false
  })
  doc.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return
    const open = dropdowns.find((d) => d.open)
    if (open) {
      open.open = false
      open.querySelector('summary')?.focus()
    } else if (toggle?.checked) {
      toggle.checked = false
      sync()
      toggle.focus()
    }
  })
  return 1
}
