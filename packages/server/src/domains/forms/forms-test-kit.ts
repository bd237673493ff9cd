// Helpers shared by the forms integration tests (imported only by *.itest.ts; typed structurally so the
// server build, whose root is src/, does not pull in the test harness).
import type { FormField } from './fields.js'

interface Res {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
  json: any
}
interface Client {
  post(url: string, json?: unknown): Promise<Res>
  get(url: string): Promise<Res>
}

let signups = 0
function newSignup() {
  const tag = `${Date.now().toString(36)}f${++signups}`
  return { email: `forms${tag}@example.com`, password: 'a-long-password', name: `Owner ${tag}`, siteTitle: `Forms ${tag}`, slug: `forms-${tag}` }
}

function expectStatus(res: Res, status: number): void {
  if (res.status !== status) throw new Error(`expected HTTP ${status}, got ${res.status}: ${res.body.slice(0, 500)}`)
}

export interface OwnerSite<C extends Client = Client> {
  owner: C
  siteId: string
  slug: string
  /** A visitor client on the site's own host. */
  visitor(): C
}

export async function ownerSite<C extends Client>(t: { client(host?: string): C }): Promise<OwnerSite<C>> {
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  expectStatus(res, 201)
  const slug: string = res.json.site.slug
  return { owner, siteId: res.json.site.id, slug, visitor: () => t.client(`${slug}.localhost`) }
}

export const ALL_KIND_FIELDS: FormField[] = [
  { type: 'text', id: 'text', title: 'Text', description: '', placeholder: '', required: true },
  { type: 'textarea', id: 'message', title: 'Message', description: '', placeholder: '', required: false, maxLength: 10 },
  { type: 'email', id: 'email', title: 'Email', description: '', placeholder: '', required: false },
  { type: 'number', id: 'number', title: 'Number', description: '', placeholder: '', required: false },
  { type: 'website', id: 'website', title: 'Website', description: '', placeholder: '', required: false },
  { type: 'currency', id: 'currency', title: 'Budget', description: '', currencySymbol: '$', required: false },
  { type: 'password', id: 'password', title: 'Password', description: '', required: false },
  { type: 'twitter', id: 'twitter', title: 'Twitter', description: '', required: false },
  { type: 'date', id: 'date', title: 'Date', description: '', required: false },
  { type: 'time', id: 'time', title: 'Time', description: '', required: false },
  { type: 'name', id: 'name', title: 'Name', description: '', required: false },
  { type: 'address', id: 'address', title: 'Address', description: '', required: false },
  { type: 'phone', id: 'phone', title: 'Phone', description: '', showCountryCode: true, required: false },
  { type: 'section', id: 'section', title: 'More', description: '', underline: true },
  { type: 'radio', id: 'radio', title: 'Radio', description: '', options: ['A', 'B'], required: false },
  { type: 'checkbox', id: 'checkbox', title: 'Checkbox', description: '', options: ['X', 'Y', 'Z'], required: false },
  { type: 'select', id: 'select', title: 'Select', description: '', options: ['One', 'Two'], required: false },
  { type: 'likert', id: 'likert', title: 'Survey', description: '', options: ['Fast', 'Friendly'], required: false },
  { type: 'hidden', id: 'hidden', key: 'utm_source', value: 'direct' },
]

export async function createForm(site: OwnerSite, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await site.owner.post(`/api/sites/${site.siteId}/forms`, { fields: ALL_KIND_FIELDS, ...body })
  expectStatus(res, 201)
  return res.json.form
}

export async function newKey(visitor: Client): Promise<string> {
  const res = await visitor.post('/api/form/FormSubmissionKey')
  expectStatus(res, 200)
  return res.json.data.key
}

export async function submit(visitor: Client, formId: string, form: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const key = await newKey(visitor)
  const res = await visitor.post('/api/form/SaveFormSubmission', { key, formId, form, ...extra })
  return { key, res }
}
