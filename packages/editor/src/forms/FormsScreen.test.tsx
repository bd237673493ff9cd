// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ApiResult } from '../api/client.js'
import { NavigationProvider } from '../app/navigation.js'
import { parseRoute } from '../app/routes.js'
import { byLabel, byText, choose, click, render, typeInto, waitFor, type Rendered } from '../../test/dom.js'
import type { FormsApi, SubmissionPage } from './api.js'
import { FormsScreen, parseFormsPath } from './FormsScreen.js'
import { moveField, newField, parseOptions, PROPERTIES, type Form } from './model.js'

const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, status: 200, data })
const base: Form = {
  id: 'f1', name: 'My Form Name', fields: [], submissionMessage: '', submissionHtml: '', successRedirect: '', disclaimerMessage: '',
  captchaEnabled: false, captchaTheme: 'light', captchaAlignment: 'left', submitButtonText: 'Submit', notifyEmail: '', webhookUrl: '', webhookSecret: '', mailingListId: null,
}

function fakeApi() {
  const saved: Partial<Form>[] = []
  const queries: { q?: string; page: number }[] = []
  let forms: Form[] = [base]
  const page = (p: number): SubmissionPage => ({
    submissions: [{ id: `s${p}`, formId: 'f1', formName: 'X', createdOn: 0, summary: [{ id: 'addr', type: 'address', title: 'Address', text: '1 Main St, Springfield', parts: [{ name: 'Line1', value: '1 Main St' }, { name: 'Line2', value: '' }, { name: 'City', value: 'Springfield' }] }] }],
    total: 21, page: p, size: 20, hasNextPage: p === 0,
  })
  const api: FormsApi = {
    list: async () => ok({ forms }),
    create: async () => ok({ form: { ...base, id: 'f2' } }),
    save: async (_id, patch) => {
      saved.push(patch)
      forms = [{ ...base, ...patch, id: 'f1' } as Form]
      return ok({ form: forms[0]! })
    },
    remove: async () => ok(undefined),
    submissions: async (_id, q) => {
      queries.push(q)
      return ok(page(q.page))
    },
    removeSubmission: async () => ok(undefined),
    exportUrl: (id) => `/api/sites/s/forms/${id}/submissions/export.csv`,
    lists: async () => ok({ lists: [{ id: 'l1', name: 'Letters', subscribers: 3 }] }),
    createList: async (name) => ok({ list: { id: 'l2', name, subscribers: 0 } }),
  }
  return { api, saved, queries }
}

let view: Rendered | undefined
afterEach(() => {
  view?.unmount()
  window.history.replaceState(null, '', '/')
})

const site = { id: 's', slug: 's', title: 'S', role: 1, roleName: 'ADMIN', url: 'http://s/' }

async function mount(api: FormsApi) {
  view = await render(
    <NavigationProvider>
      <FormsScreen site={site} api={api} />
    </NavigationProvider>,
  )
  const c = view.container
  await click(await waitFor(() => byText(c, 'button', 'My Form Name')))
  return c
}

describe('form model', () => {
  it('new fields carry the properties of their kind; likert starts with a statement', () => {
    expect(newField('likert', []).options).toEqual(['Statement 1'])
    expect(newField('textarea', []).maxLength).toBe(0)
    expect(newField('hidden', [])).toEqual({ type: 'hidden', id: 'hidden-1', key: 'hidden_1', value: '' })
    expect(newField('text', [newField('text', [])]).id).toBe('text-2')
    expect(PROPERTIES.phone).toEqual(['description', 'showCountryCode', 'required'])
    expect(moveField([newField('text', []), newField('email', [])], 1, -1).map((f) => f.type)).toEqual(['email', 'text'])
    expect(parseOptions(' A \n\nB\n')).toEqual(['A', 'B'])
  })
})

describe('forms screen addresses', () => {
  const base = '/config/sites/s/forms'
  it('the open form and view live in the path', () => {
    expect(parseFormsPath(base, base)).toBeNull()
    expect(parseFormsPath(`${base}/f1`, base)).toEqual({ formId: 'f1', view: 'build' })
    expect(parseFormsPath(`${base}/f1/submissions`, base)).toEqual({ formId: 'f1', view: 'submissions' })
    expect(parseRoute(`${base}/f1/submissions`)).toEqual({ name: 'site', siteId: 's', section: 'forms' })
    expect(parseRoute(`${base}/f1/submissions/x/y`)).toEqual({ name: 'not-found' })
  })

  it('opening a form and its submissions changes the address; a deep link opens them; a gone form says so', async () => {
    const { api } = fakeApi()
    const c = await mount(api)
    expect(window.location.pathname).toBe(`${base}/f1`)
    await click(byText(c, 'button', 'Submissions')!)
    expect(window.location.pathname).toBe(`${base}/f1/submissions`)
    view!.unmount()
    view = await render(
      <NavigationProvider>
        <FormsScreen site={site} api={api} />
      </NavigationProvider>,
    )
    await waitFor(() => view!.container.textContent!.includes('21 submissions'))
    expect(view.container.querySelector('[aria-pressed="true"]')!.textContent).toBe('Submissions')
    view.unmount()
    window.history.replaceState(null, '', `${base}/gone`)
    view = await render(
      <NavigationProvider>
        <FormsScreen site={site} api={api} />
      </NavigationProvider>,
    )
    await waitFor(() => view!.container.textContent!.includes('This form no longer exists.'))
  })
})

describe('forms screen', () => {
  it('adds, edits, reorders fields and saves; the preview follows', async () => {
    const { api, saved } = fakeApi()
    const c = await mount(api)
    await choose(byLabel<HTMLSelectElement>(c, 'Field kind'), 'email')
    await click(byText(c, 'button', 'Add field')!)
    await choose(byLabel<HTMLSelectElement>(c, 'Field kind'), 'textarea')
    await click(byText(c, 'button', 'Add field')!)
    await typeInto(byLabel(c.querySelector('[aria-label="Text area: Text area"]')!, 'Title'), 'Message')
    await click(c.querySelector('[aria-label="Move Message up"]')!)
    expect(c.querySelector('.form-preview legend')!.textContent).toContain('Message')
    await click(byText(c, 'button', '4. Captcha')!)
    await click(byLabel(c, 'Use a captcha'))
    await click(byText(c, 'button', 'Save form')!)
    await waitFor(() => saved.length === 1)
    expect(saved[0]!.fields!.map((f) => f.type)).toEqual(['textarea', 'email'])
    expect(saved[0]!.captchaEnabled).toBe(true)
  })

  it("newsletter sign-up needs a list: 'A List must be selected'", async () => {
    const { api, saved } = fakeApi()
    const c = await mount(api)
    await click(byText(c, 'button', '2. Storage')!)
    await click(byLabel(c, 'Newsletter sign-up (adds the email answer to a mailing list)'))
    await click(byText(c, 'button', 'Save form')!)
    expect(c.textContent).toContain('A List must be selected')
    expect(saved).toHaveLength(0)
    await choose(byLabel<HTMLSelectElement>(c, 'Mailing list'), 'l1')
    await click(byText(c, 'button', 'Save form')!)
    await waitFor(() => saved.length === 1)
    expect(saved[0]!.mailingListId).toBe('l1')
  })

  it('submissions: search, paging, detail with parts, CSV link', async () => {
    const { api, queries } = fakeApi()
    const c = await mount(api)
    await click(byText(c, 'button', 'Submissions')!)
    await waitFor(() => c.textContent!.includes('21 submissions'))
    await typeInto(byLabel(c, 'Search submissions'), 'springfield')
    await act(async () => c.querySelector('form[role="search"]')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })))
    await waitFor(() => queries.some((q) => q.q === 'springfield'))
    await click(byText(c, 'button', 'Next')!)
    await waitFor(() => queries.some((q) => q.page === 1))
    await click(c.querySelector('.submission-list button')!)
    const detail = await waitFor(() => c.querySelector('.submission-detail'))
    expect([...detail.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Address', 'Line1', 'Line2', 'City'])
    expect(detail.textContent).toContain('N/A')
    expect(byText(c, 'a', 'Export CSV')!.getAttribute('href')).toBe('/api/sites/s/forms/f1/submissions/export.csv')
  })
})
