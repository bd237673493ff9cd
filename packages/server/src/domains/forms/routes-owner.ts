// Owner API of forms: forms (CRUD), submissions (list with search and paging, detail with summary displays,
// CSV export, delete), mailing lists (list, create, export). Every route checks the owner's role on the site.
import type { FastifyInstance } from 'fastify'
import { WEBSITE_ROLES } from '../accounts/index.js'
import { defineRoute } from '../../platform/http/route.js'
import type { FormsContext } from './context.js'
import { createForm, deleteForm, listForms, ownerDto, requireForm, updateForm } from './forms.js'
import { AppError } from '../../platform/errors.js'
import { LIST_REQUIRED_MESSAGE, createList, exportList, listLists, requireList } from './newsletter.js'
import { deleteSubmission, exportCsv, getSubmission, listSubmissions } from './submissions.js'
import { connectionBody, connectionQuery, formInput, formParams, listInput, listParams, siteParams, submissionParams, submissionsQuery } from './validators.js'

const R = WEBSITE_ROLES
export const FORM_READERS = [R.ADMIN, R.EDITOR, R.REPORTING]
export const FORM_EDITORS = [R.ADMIN, R.EDITOR]
const tags = ['forms']
const common = { 401: { description: 'not signed in' }, 403: { description: 'role_not_allowed' }, 404: { description: 'site or form not found' } }

function connectionOf(listId: string | null, lists: { id: string; name: string }[]) {
  const list = listId ? lists.find((l) => l.id === listId) : undefined
  return list ? { service: 'lists' as const, listId: list.id, listName: list.name } : null
}

function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80) || 'export'}.csv"`
}

export function registerOwnerRoutes(app: FastifyInstance, ctx: FormsContext): void {
  const { orm, sites, auth } = ctx
  const allow = (request: Parameters<typeof sites.authorize>[1], siteId: string, roles: typeof FORM_READERS) =>
    sites.authorize(auth, request, siteId, roles)

  defineRoute(app, { method: 'GET', url: '/api/sites/:siteId/forms', summary: 'Forms of the site', tags, params: siteParams, responses: { 200: { description: '{ forms }' }, ...common } }, async ({ request, params }) => {
    await allow(request, params.siteId, FORM_READERS)
    return { forms: (await listForms(orm, params.siteId)).map(ownerDto) }
  })

  defineRoute(
    app,
    { method: 'POST', url: '/api/sites/:siteId/forms', summary: "Creates a form (name defaults to 'My Form Name')", tags, params: siteParams, body: formInput, responses: { 201: { description: '{ form }' }, 400: { description: 'validation_failed' }, ...common } },
    async ({ request, reply, params, body }) => {
      await allow(request, params.siteId, FORM_EDITORS)
      const form = ownerDto(await createForm(orm, params.siteId, body, ctx.sanitizeHtml))
      ctx.onChange(params.siteId)
      reply.code(201)
      return { form }
    },
  )

  defineRoute(app, { method: 'GET', url: '/api/sites/:siteId/forms/:formId', summary: 'One form', tags, params: formParams, responses: { 200: { description: '{ form }' }, ...common } }, async ({ request, params }) => {
    await allow(request, params.siteId, FORM_READERS)
    return { form: ownerDto(await requireForm(orm, params.siteId, params.formId)) }
  })

  defineRoute(
    app,
    { method: 'PATCH', url: '/api/sites/:siteId/forms/:formId', summary: 'Changes a form (any subset of its properties; fields replace the list)', tags, params: formParams, body: formInput, responses: { 200: { description: '{ form }' }, 400: { description: 'validation_failed' }, ...common } },
    async ({ request, params, body }) => {
      await allow(request, params.siteId, FORM_EDITORS)
      const form = ownerDto(await updateForm(orm, params.siteId, params.formId, body, ctx.sanitizeHtml))
      ctx.onChange(params.siteId)
      return { form }
    },
  )

  defineRoute(app, { method: 'DELETE', url: '/api/sites/:siteId/forms/:formId', summary: 'Deletes a form and its submissions', tags, params: formParams, responses: { 204: { description: 'deleted' }, ...common } }, async ({ request, reply, params }) => {
    await allow(request, params.siteId, FORM_EDITORS)
    await deleteForm(orm, params.siteId, params.formId)
    ctx.onChange(params.siteId)
    return reply.code(204).send()
  })

  defineRoute(
    app,
    { method: 'GET', url: '/api/sites/:siteId/forms/:formId/submissions', summary: 'Submissions, newest first; q searches every answer', tags, params: formParams, query: submissionsQuery, responses: { 200: { description: '{ submissions, total, page, size, hasNextPage }' }, ...common } },
    async ({ request, params, query }) => {
      await allow(request, params.siteId, FORM_READERS)
      await requireForm(orm, params.siteId, params.formId)
      return listSubmissions(orm, params.siteId, params.formId, query)
    },
  )

  defineRoute(app, { method: 'GET', url: '/api/sites/:siteId/forms/:formId/submissions/export.csv', summary: 'Every submission as CSV (RFC 4180, formula-safe)', tags, params: formParams, responses: { 200: { description: 'text/csv' }, ...common } }, async ({ request, reply, params }) => {
    await allow(request, params.siteId, FORM_READERS)
    const form = await requireForm(orm, params.siteId, params.formId)
    reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(`${form.name}-submissions`)).header('cache-control', 'no-store')
    return `\uFEFF${await exportCsv(orm, params.siteId, form)}`
  })

  defineRoute(app, { method: 'GET', url: '/api/sites/:siteId/forms/:formId/submissions/:submissionId', summary: 'One submission with its summary displays', tags, params: submissionParams, responses: { 200: { description: '{ submission }' }, ...common } }, async ({ request, params }) => {
    await allow(request, params.siteId, FORM_READERS)
    return { submission: await getSubmission(orm, params.siteId, params.formId, params.submissionId) }
  })

  defineRoute(app, { method: 'DELETE', url: '/api/sites/:siteId/forms/:formId/submissions/:submissionId', summary: 'Deletes a submission', tags, params: submissionParams, responses: { 204: { description: 'deleted' }, ...common } }, async ({ request, reply, params }) => {
    await allow(request, params.siteId, FORM_EDITORS)
    await deleteSubmission(orm, params.siteId, params.formId, params.submissionId)
    return reply.code(204).send()
  })

  defineRoute(
    app,
    { method: 'GET', url: '/api/sites/:siteId/mailing-lists', summary: 'Mailing lists with subscriber counts; with formId, also that form’s connection', tags, params: siteParams, query: connectionQuery, responses: { 200: { description: '{ lists, connection }' }, ...common } },
    async ({ request, params, query }) => {
      await allow(request, params.siteId, FORM_READERS)
      const lists = await listLists(orm, params.siteId)
      const form = query.formId ? await requireForm(orm, params.siteId, query.formId) : null
      return { lists, connection: connectionOf(form?.mailingListId ?? null, lists) }
    },
  )

  defineRoute(
    app,
    { method: 'PUT', url: '/api/sites/:siteId/mailing-lists', summary: "Connects a form to a list (or disconnects it: connection null); 'A List must be selected'", tags, params: siteParams, query: connectionQuery.required(), body: connectionBody, responses: { 200: { description: '{ connection }' }, 400: { description: 'A List must be selected' }, ...common } },
    async ({ request, params, query, body }) => {
      await allow(request, params.siteId, FORM_EDITORS)
      const c = body.connection
      if (c && (c.service !== 'lists' || !c.listId)) throw new AppError('invalid_data', 'list_required', LIST_REQUIRED_MESSAGE, { fields: { listId: LIST_REQUIRED_MESSAGE } })
      if (c?.listId) await requireList(orm, params.siteId, c.listId)
      const form = await updateForm(orm, params.siteId, query.formId, { mailingListId: c?.listId ?? null }, ctx.sanitizeHtml)
      ctx.onChange(params.siteId)
      return { connection: connectionOf(form.mailingListId, await listLists(orm, params.siteId)) }
    },
  )

  defineRoute(app, { method: 'POST', url: '/api/sites/:siteId/mailing-lists', summary: 'Creates a mailing list', tags, params: siteParams, body: listInput, responses: { 201: { description: '{ list }' }, ...common } }, async ({ request, reply, params, body }) => {
    await allow(request, params.siteId, FORM_EDITORS)
    reply.code(201)
    return { list: await createList(orm, params.siteId, body.name) }
  })

  defineRoute(app, { method: 'GET', url: '/api/sites/:siteId/mailing-lists/:listId/export.csv', summary: 'Subscribers of a list as CSV with signed unsubscribe links', tags, params: listParams, responses: { 200: { description: 'text/csv' }, ...common } }, async ({ request, reply, params }) => {
    const { site } = await allow(request, params.siteId, FORM_READERS)
    const csv = await exportList(orm, params.siteId, params.listId, sites.urlOf(site.slug), ctx.unsubscribeSecret)
    reply.type('text/csv; charset=utf-8').header('content-disposition', attachment('subscribers')).header('cache-control', 'no-store')
    return `\uFEFF${csv}`
  })
}
