// Tables of the forms domain (migrations/0005_forms.sql).
import { boolean, date, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { sitesTables } from '../sites/index.js'

const { websites } = sitesTables

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const siteId = () =>
  text('site_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' })

export const forms = pgTable('forms', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  name: text('name').notNull().default('My Form Name'),
  fields: jsonb('fields').notNull().default([]),
  submissionMessage: text('submission_message').notNull().default(''),
  submissionHtml: text('submission_html').notNull().default(''),
  successRedirect: text('success_redirect').notNull().default(''),
  disclaimerMessage: text('disclaimer_message').notNull().default(''),
  captchaEnabled: boolean('captcha_enabled').notNull().default(false),
  captchaTheme: text('captcha_theme').notNull().default('light'),
  captchaAlignment: text('captcha_alignment').notNull().default('left'),
  submitButtonText: text('submit_button_text').notNull().default('Add to Cart'),
  notifyEmail: text('notify_email').notNull().default(''),
  webhookUrl: text('webhook_url').notNull().default(''),
  webhookSecret: text('webhook_secret').notNull().default(''),
  mailingListId: text('mailing_list_id'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const formSubmissionKeys = pgTable('form_submission_keys', {
  keyHash: text('key_hash').primaryKey(),
  siteId: siteId(),
  clientHash: text('client_hash').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  formId: text('form_id'),
  answer: jsonb('answer'),
})

export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: text('id').primaryKey(),
    siteId: siteId(),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    formName: text('form_name').notNull(),
    fields: jsonb('fields').notNull(),
    answers: jsonb('answers').notNull(),
    searchText: text('search_text').notNull().default(''),
    page: jsonb('page').notNull().default({}),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('form_submissions_key_unique').on(t.siteId, t.keyHash)],
)

export const captchaSpent = pgTable('captcha_spent', {
  signature: text('signature').primaryKey(),
  siteId: siteId(),
  expiresAt: tz('expires_at').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
})

export const formRateWindows = pgTable(
  'form_rate_windows',
  {
    siteId: siteId(),
    address: text('address').notNull(),
    hits: integer('hits').notNull(),
    windowStartedAt: tz('window_started_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.address] })],
)

export const formOutbox = pgTable('form_outbox', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  kind: text('kind').notNull().$type<'email' | 'webhook'>(),
  payload: jsonb('payload').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
  status: text('status').notNull().default('pending').$type<'pending' | 'queued' | 'delivered' | 'failed'>(),
  lastError: text('last_error').notNull().default(''),
  createdAt: tz('created_at').notNull().defaultNow(),
  doneAt: tz('done_at'),
})

export const formRenderCounts = pgTable(
  'form_render_counts',
  {
    siteId: siteId(),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    renders: integer('renders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.formId, t.day] })],
)

export const mailingLists = pgTable('mailing_lists', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  name: text('name').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
})

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: text('id').primaryKey(),
    siteId: siteId(),
    listId: text('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status').notNull().default('subscribed').$type<'subscribed' | 'unsubscribed'>(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('newsletter_subscribers_unique').on(t.listId, t.email)],
)

export const formsTables = {
  forms,
  formSubmissionKeys,
  formSubmissions,
  captchaSpent,
  formRateWindows,
  formOutbox,
  formRenderCounts,
  mailingLists,
  newsletterSubscribers,
}
