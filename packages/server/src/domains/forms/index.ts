// Public API of the forms domain: site forms, visitor submissions (idempotent by key, captcha, rate limit),
// stored submissions for owners, owner e-mail and webhook delivery, mailing lists and the newsletter.
import type { Jobs } from '../../platform/jobs.js'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { getOrCreateSecret } from '../../platform/secrets.js'
import type { Auth } from '../accounts/index.js'
import type { Sites } from '../sites/index.js'
import { createCaptcha } from './captcha.js'
import type { FormsConfig } from './config.js'
import type { FormsContext, RenderSystemPage } from './context.js'
import { createForm, formsByIds, getForm, publicDto, visitorFields, type PublicForm } from './forms.js'
import { sweepKeys } from './keys.js'
import type { EmailJob } from './notify.js'
import { registerNewsletterRoutes } from './routes-newsletter.js'
import { registerOwnerRoutes } from './routes-owner.js'
import { registerVisitorRoutes } from './routes-visitor.js'
import { validateValues, type ValuesResult } from './values.js'
import { createDelivery } from './webhooks.js'
import type { FormInput } from './validators.js'
import { createList } from './newsletter.js'
import { ensureDemoForm, ensureDemoNewsletterForm } from './demo.js'
import { submitForm, type SubmitInput } from './submit.js'
import { formConversion } from './conversion.js'
import { every, type Every } from '../../platform/every.js'
import { captchaSpent } from './schema.js'

export { loadFormsConfig, type FormsConfig } from './config.js'
export { formsTables } from './schema.js'
export { FIELD_KINDS, FIELD_PARTS, FIELD_PROPERTIES, FORM_SETUP_STEPS, LIKERT_SCALE, PASSWORD_MASK, type FormField } from './fields.js'
export type { PublicForm, OwnerForm } from './forms.js'
export type { FormInput } from './validators.js'
export type { RenderSystemPage } from './context.js'
export type { SubmitInput } from './submit.js'
export { EMAIL_MESSAGE, CHARACTER_LIMIT_MESSAGE, isValidEmail } from './values.js'
export { NOT_ANSWERED, summarize, type FieldSummary } from './summary.js'
export { unsubscribeLink, NEWSLETTER_UNSUBSCRIBE_PAGE_TYPE } from './newsletter.js'

export interface FormsDeps {
  sites: Sites
  auth: Auth
  config: FormsConfig
  sendMail(job: EmailJob): Promise<unknown>
  /** Owner-authored HTML (submission HTML) is sanitized on save with this. */
  sanitizeHtml(html: string): string
  /** The platform job queue (owner e-mail and webhook deliveries run on it). */
  jobs: Jobs
  log?: FastifyBaseLogger
  fetch?: typeof fetch
  renderSystemPage?: RenderSystemPage
  /** Called after a form changes (publishing drops the site's cached pages). */
  onChange?: (siteId: string) => void
  /** Whether the site has the vanilla form handler flag (billing's FEATURE_FLAGS.VANILLA_FORM_HANDLER); on without it. */
  vanillaFormHandler?: (siteId: string) => Promise<boolean>
}

export async function createForms(orm: Orm, deps: FormsDeps) {
  const [hmac, keyHmac, unsubscribeSecret] = await Promise.all([
    getOrCreateSecret(orm, 'altcha-hmac'),
    getOrCreateSecret(orm, 'altcha-key-hmac'),
    getOrCreateSecret(orm, 'newsletter-unsubscribe'),
  ])
  const captcha = createCaptcha({ ...deps.config.captcha, ...(deps.fetch ? { fetch: deps.fetch } : {}) }, { hmac, keyHmac })
  const delivery = createDelivery(orm, {
    sendMail: deps.sendMail,
    log: deps.log,
    jobs: deps.jobs,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  })
  const ctx: FormsContext = {
    orm,
    config: deps.config,
    captcha,
    delivery,
    sites: deps.sites,
    auth: deps.auth,
    sanitizeHtml: deps.sanitizeHtml,
    unsubscribeSecret,
    log: deps.log,
    renderSystemPage: deps.renderSystemPage,
    onChange: (siteId) => deps.onChange?.(siteId),
    vanillaFormHandler: async (siteId) => (deps.vanillaFormHandler ? deps.vanillaFormHandler(siteId) : true),
  }
  let sweeper: Every | null = null

  return {
    captcha,
    delivery,
    async routes(app: FastifyInstance): Promise<void> {
      await registerVisitorRoutes(app, ctx)
      registerOwnerRoutes(app, ctx)
      registerNewsletterRoutes(app, ctx)
    },
    /** Starts the hourly sweep of expired keys, spent captchas and rate windows. */
    async start(): Promise<void> {
      sweeper = every({ name: 'forms sweep', ms: 60 * 60 * 1000, log: deps.log }, () => sweepKeys(orm, deps.config.rateWindowSeconds))
      await sweeper.run()
    },
    async stop(): Promise<void> {
      await sweeper?.stop()
      sweeper = null
    },
    /**
     * Checks a captcha token for a call other than a form submission (restock sign-ups) and spends it: a solved
     * ALTCHA challenge passes once, like a form's (captcha_spent); a replay answers false.
     */
    async checkCaptchaOnce(siteId: string, token: string | undefined, remoteIp: string): Promise<boolean> {
      const c = await captcha.check(siteId, token, remoteIp)
      if (!c.ok) return false
      if (!c.spend) return true
      const spent = await orm
        .insert(captchaSpent)
        .values({ signature: c.spend.signature, siteId, expiresAt: c.spend.expiresAt })
        .onConflictDoNothing()
        .returning({ signature: captchaSpent.signature })
      return spent.length > 0
    },
    /** A visitor's submission (SaveFormSubmission without HTTP): key, rate window, validation, captcha, one transaction. */
    submit: (input: SubmitInput) => submitForm(ctx, input),
    /** Per form: views (form-render census) and submissions over UTC days `from`..`to` (owner analytics). */
    conversion: (siteId: string, from: string, to: string) => formConversion(orm, siteId, from, to),
    /** Forms of the site for a page context (publishing): public shape, keyed by form id; unknown ids are absent. */
    async getFormsForContext(siteId: string, formIds: readonly string[]): Promise<Map<string, PublicForm>> {
      const [rows, vanilla] = await Promise.all([formsByIds(orm, siteId, formIds), ctx.vanillaFormHandler(siteId)])
      return new Map(rows.map((r) => [r.id, publicDto(r, captcha.publicConfig(), vanilla)]))
    },
    /** One form in its public shape (commerce: additionalFieldsFormId), or null. */
    async getPublicForm(siteId: string, formId: string): Promise<PublicForm | null> {
      const row = await getForm(orm, siteId, formId)
      return row ? publicDto(row, captcha.publicConfig(), await ctx.vanillaFormHandler(siteId)) : null
    },
    /** Validates values by field id against a form (commerce additional fields); null when the form is unknown. */
    async validate(siteId: string, formId: string, values: Record<string, unknown>): Promise<ValuesResult | null> {
      const row = await getForm(orm, siteId, formId)
      return row ? validateValues(visitorFields(row, await ctx.vanillaFormHandler(siteId)), values) : null
    },
    /** Creates a form (owner-side; e.g. demo seeding). */
    create: (siteId: string, input: FormInput, tx: Orm = orm) => createForm(tx, siteId, input, deps.sanitizeHtml),
    createMailingList: (siteId: string, name: string, tx: Orm = orm) => createList(tx, siteId, name),
    /** The demo /contact form (name, email, subject, message, interests; captcha on): its id, created once. */
    ensureDemoForm: (siteId: string, tx: Orm = orm) => ensureDemoForm(tx, siteId, deps.sanitizeHtml),
    /** The demo newsletter sign-up form connected to the 'Demo Newsletter' list: its id, created once. */
    ensureDemoNewsletterForm: (siteId: string, tx: Orm = orm) => ensureDemoNewsletterForm(tx, siteId, deps.sanitizeHtml),
  }
}

export type Forms = Awaited<ReturnType<typeof createForms>>
