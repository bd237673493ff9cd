// The demo site's forms: the /contact form (captcha on) and the newsletter sign-up with its list. Idempotent: an
// existing form of the same name is reused.
import { and, eq } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import type { FormField } from './fields.js'
import { createForm } from './forms.js'
import { createList } from './newsletter.js'
import { forms, mailingLists } from './schema.js'

export const DEMO_CONTACT_FORM = 'Contact'
export const DEMO_NEWSLETTER_FORM = 'Newsletter'
export const DEMO_LIST = 'Demo Newsletter'

export const DEMO_CONTACT_FIELDS: FormField[] = [
  { type: 'name', id: 'name', title: 'Name', description: '', required: true },
  { type: 'email', id: 'email', title: 'Email', description: 'We reply to this address.', placeholder: 'you@example.com', required: true },
  { type: 'select', id: 'subject', title: 'Subject', description: '', options: ['General question', 'Order help', 'Wholesale', 'Press'], required: true },
  { type: 'textarea', id: 'message', title: 'Message', description: '', placeholder: 'How can we help?', required: true, maxLength: 500 },
  { type: 'checkbox', id: 'interests', title: 'Interested in', description: 'Pick any.', options: ['Ceramics', 'Textiles', 'Workshops'], required: false },
]

async function formNamed(orm: Orm, siteId: string, name: string): Promise<string | null> {
  const [row] = await orm.select({ id: forms.id }).from(forms).where(and(eq(forms.siteId, siteId), eq(forms.name, name))).limit(1)
  return row?.id ?? null
}

export async function ensureDemoForm(orm: Orm, siteId: string, sanitize: (html: string) => string): Promise<string> {
  const existing = await formNamed(orm, siteId, DEMO_CONTACT_FORM)
  if (existing) return existing
  const row = await createForm(
    orm,
    siteId,
    {
      name: DEMO_CONTACT_FORM,
      fields: DEMO_CONTACT_FIELDS,
      submitButtonText: 'Send',
      submissionMessage: 'Thank you! We will get back to you within two working days.',
      submissionHtml: '<p>Meanwhile, have a look at <a href="/">our latest work</a>.</p>',
      disclaimerMessage: 'We only use your details to answer this message.',
      captchaEnabled: true,
      captchaTheme: 'light',
      captchaAlignment: 'left',
    },
    sanitize,
  )
  return row.id
}

export async function ensureDemoNewsletterForm(orm: Orm, siteId: string, sanitize: (html: string) => string): Promise<string> {
  const existing = await formNamed(orm, siteId, DEMO_NEWSLETTER_FORM)
  if (existing) return existing
  const [list] = await orm.select({ id: mailingLists.id }).from(mailingLists).where(and(eq(mailingLists.siteId, siteId), eq(mailingLists.name, DEMO_LIST))).limit(1)
  const listId = list?.id ?? (await createList(orm, siteId, DEMO_LIST)).id
  const row = await createForm(
    orm,
    siteId,
    {
      name: DEMO_NEWSLETTER_FORM,
      fields: [{ type: 'email', id: 'email', title: 'Email Address', description: '', placeholder: 'Email Address', required: true }],
      submitButtonText: 'Sign Up',
      submissionMessage: 'Thank you for signing up!',
      mailingListId: listId,
    },
    sanitize,
  )
  return row.id
}
