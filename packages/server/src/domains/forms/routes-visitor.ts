// Visitor calls of site forms: template schema, submission key, save, validate, form-render census,
// the ALTCHA challenge. The site is always the request's Host; answers use the spec's `data` shapes (answers.ts).
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import { withFormAnswers } from './answers.js'
import { formTemplateSchema } from './fields.js'
import { FORM_NOT_CONFIGURED, requireForm, visitorFields } from './forms.js'
import { issueKey } from './keys.js'
import { formRenderCounts } from './schema.js'
import type { FormsContext } from './context.js'
import { configured, INVALID_MESSAGE, submitForm } from './submit.js'
import { formRenderBody, saveSubmissionBody, templateQuery, validateBody, visitorFormParams } from './validators.js'
import { validateValues } from './values.js'

const tags = ['forms (visitor)']
const data = (schema: z.ZodType) => z.object({ data: schema })

export async function registerVisitorRoutes(app: FastifyInstance, ctx: FormsContext): Promise<void> {
  const { orm, config, captcha } = ctx
  await withFormAnswers(app, (scope) => {
    defineRoute(
      scope,
      {
        method: 'GET',
        url: '/api/template/GetTemplateSchema',
        summary: 'The form template schema (field kinds and their editable properties, setup steps, defaults)',
        tags,
        query: templateQuery,
        responses: { 200: { description: '{ data: template }' }, 400: { description: 'type other than form' } },
      },
      async () => ({ data: formTemplateSchema() }),
    )

    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/form/FormSubmissionKey',
        summary: 'A single-use, expiring submission key for this site and client (empty body)',
        tags,
        responses: { 200: { description: '{ data: { key } }', schema: data(z.object({ key: z.string() })) } },
      },
      async ({ request }) => ({ data: { key: await issueKey(orm, requireSite(request).id, request.crumb, config.keyTtlSeconds) } }),
    )

    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/form/SaveFormSubmission',
        summary: 'Stores a submission; idempotent by key (a replay answers the first answer); committed before the 2xx',
        tags,
        body: saveSubmissionBody,
        responses: {
          200: { description: '{ data: { submissionId, createdOn } }' },
          400: { description: '{ data: { errors: { fieldId: message }, error } }' },
          401: { description: 'key unknown, expired, used for another form, or of another client' },
          404: { description: 'This form has not been configured yet.' },
          429: { description: 'Unable to submit form. Submission rate limit exceeded. Please try again later.' },
          500: { description: 'Unable to send form. Please try again later.' },
        },
      },
      async ({ request, body }) => {
        const site = requireSite(request)
        return { data: await submitForm(ctx, { siteId: site.id, siteSlug: site.slug, crumb: request.crumb, ip: request.ip, body }) }
      },
    )

    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/rest/forms/validate/:formId',
        summary: 'Validates field values by field id without storing them',
        tags,
        params: visitorFormParams,
        body: validateBody,
        responses: { 200: { description: '{ data: { valid: true } }' }, 400: { description: '{ data: { errors } }' }, 404: { description: FORM_NOT_CONFIGURED } },
      },
      async ({ request, params, body }) => {
        const site = requireSite(request)
        const form = configured(await requireForm(orm, site.id, params.formId))
        const result = validateValues(visitorFields(form, await ctx.vanillaFormHandler(site.id)), body)
        if (!result.ok) throw new AppError('invalid_data', 'invalid_fields', INVALID_MESSAGE, { fields: result.errors })
        return { data: { valid: true } }
      },
    )

    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/census/form-render',
        summary: 'Counts a render of a form (per form and day)',
        tags,
        body: formRenderBody,
        responses: { 204: { description: 'counted' }, 404: { description: FORM_NOT_CONFIGURED } },
      },
      async ({ request, reply, body }) => {
        const site = requireSite(request)
        await requireForm(orm, site.id, body.formId)
        const day = new Date().toISOString().slice(0, 10)
        await orm
          .insert(formRenderCounts)
          .values({ siteId: site.id, formId: body.formId, day, renders: 1 })
          .onConflictDoUpdate({
            target: [formRenderCounts.siteId, formRenderCounts.formId, formRenderCounts.day],
            set: { renders: sql`${formRenderCounts.renders} + 1` },
          })
        return reply.code(204).send()
      },
    )

    defineRoute(
      scope,
      {
        method: 'GET',
        url: '/api/form/captcha/challenge',
        summary: 'A new ALTCHA proof-of-work challenge for this site (signed, expiring, accepted once)',
        tags,
        responses: { 200: { description: 'ALTCHA challenge' }, 404: { description: 'another captcha provider is configured' } },
      },
      async ({ request, reply }) => {
        const site = requireSite(request)
        reply.header('cache-control', 'no-store')
        return captcha.challenge(site.id)
      },
    )
  })
}
