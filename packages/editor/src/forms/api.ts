// The forms owner API the builder and the submissions view call.
import { createApiClient, type ApiClient, type ApiResult } from '../api/client.js'
import type { FieldSummary, MailingList, Submission, SubmissionPage, SummaryPart } from '@sitewright/contracts'
import type { Form } from './model.js'

export type { FieldSummary, MailingList, Submission, SubmissionPage, SummaryPart }

export interface FormsApi {
  list(): Promise<ApiResult<{ forms: Form[] }>>
  create(input: Partial<Form>): Promise<ApiResult<{ form: Form }>>
  save(formId: string, patch: Partial<Form>): Promise<ApiResult<{ form: Form }>>
  remove(formId: string): Promise<ApiResult<void>>
  submissions(formId: string, q: { q?: string; page: number; size: number }): Promise<ApiResult<SubmissionPage>>
  removeSubmission(formId: string, submissionId: string): Promise<ApiResult<void>>
  exportUrl(formId: string): string
  lists(): Promise<ApiResult<{ lists: MailingList[] }>>
  createList(name: string): Promise<ApiResult<{ list: MailingList }>>
}

export function createFormsApi(siteId: string, client: ApiClient = createApiClient()): FormsApi {
  const base = `/api/sites/${encodeURIComponent(siteId)}`
  const form = (id: string) => `${base}/forms/${encodeURIComponent(id)}`
  return {
    list: () => client.get(`${base}/forms`),
    create: (input) => client.post(`${base}/forms`, input),
    save: (id, patch) => client.patch(form(id), patch),
    remove: (id) => client.del(form(id)),
    submissions: (id, q) => {
      const params = new URLSearchParams({ page: String(q.page), size: String(q.size) })
      if (q.q) params.set('q', q.q)
      return client.get(`${form(id)}/submissions?${params.toString()}`)
    },
    removeSubmission: (id, sid) => client.del(`${form(id)}/submissions/${encodeURIComponent(sid)}`),
    exportUrl: (id) => `${form(id)}/submissions/export.csv`,
    lists: () => client.get(`${base}/mailing-lists`),
    createList: (name) => client.post(`${base}/mailing-lists`, { name }),
  }
}
