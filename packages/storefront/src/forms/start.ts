// Boot hook (imported by ../main.ts): pages with a site form load the forms chunk; others load nothing more.
const FORMS = '[data-form-wrapper]'

export function startForms(doc: Document): Promise<number> {
  if (!doc.querySelector(FORMS)) return Promise.resolve(0)
  return import('./enhance.js')
    .then((m) => m.enhanceForms(doc))
    .then((forms) => forms.length)
    .catch((e: unknown) => {
      console.error('forms failed to start', e)
      return 0
    })
}

if (typeof document !== 'undefined') {
  const go = () => void startForms(document)
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true })
  else go()
}
