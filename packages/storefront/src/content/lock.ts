// Lock screens: the password form posts natively to `{pagePath}?unlock`; this makes sure it carries the current
// crumb (the cookie may be newer than the rendered page) and shows that it is working.
import { getCrumb } from '../core/crumb.js'
import { documentCookies } from '../core/cookies.js'
import { claim, type ContentDeps, type ContentModule } from './types.js'

export function enhanceLockForm(form: HTMLFormElement, deps: ContentDeps): void {
  form.addEventListener('submit', () => {
    const crumb = getCrumb((deps.cookies ?? documentCookies)())
    let field = form.querySelector<HTMLInputElement>('input[name="crumb"]')
    if (crumb) {
      if (!field) {
        field = form.ownerDocument.createElement('input')
        field.type = 'hidden'
        field.name = 'crumb'
        form.prepend(field)
      }
      field.value = crumb
    }
    const error = form.querySelector<HTMLElement>('[data-lock-error]')
    if (error) error.textContent = ''
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    if (submit) {
      submit.disabled = true
      submit.textContent = 'Unlocking…'
    }
  })
}

export const initLock: ContentModule = (root, deps) => {
  let n = 0
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-lock-form]')) {
    if (!claim(form, 'lock')) continue
    enhanceLockForm(form, deps)
    n++
  }
  return n
}
