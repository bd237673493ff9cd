// Lazy chunk: enhances every site form on the page (captcha, state machine, render census).
import { readCookie, documentCookies } from '../core/cookies.js'
import { recordRender } from './api.js'
import { renderCaptcha } from './captcha.js'
import { createSiteForm, type SiteForm } from './controller.js'

export const FORM_SELECTOR = '[data-form-wrapper]'

export async function enhanceForms(root: ParentNode): Promise<SiteForm[]> {
  const doc = root instanceof Document ? root : (root as Element).ownerDocument
  const wrappers = [...root.querySelectorAll<HTMLElement>(FORM_SELECTOR)].filter((w) => !w.dataset.enhanced)
  return Promise.all(
    wrappers.map(async (wrapper) => {
      wrapper.dataset.enhanced = 'true'
      const slot = wrapper.querySelector<HTMLElement>('[data-captcha]')
      const captcha = slot ? await renderCaptcha(slot) : null
      const form = createSiteForm(wrapper, { captcha, title: doc.title })
      const formId = wrapper.querySelector<HTMLElement>('form[data-site-form]')?.dataset.formId
      if (formId) recordRender(formId, readCookie(documentCookies(), 'ss_cvr'))
      return form
    }),
  )
}
