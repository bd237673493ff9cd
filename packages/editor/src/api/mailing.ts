// Mailing-list connection of a newsletter form: GET/PUT /api/sites/:siteId/mailing-lists (lists and the
// form's connection). Not on the server yet (see the editor's report); errors are shown as answered.
import { createApiClient, type ApiClient, type ApiResult } from './client.js'
import type { MailingConnection } from '../dialogs/mailing/mailing.js'
import type { SiteId } from './types.js'

export interface MailingApi {
  get(siteId: SiteId, formId: string): Promise<ApiResult<{ lists: { id: string; name: string }[]; connection: MailingConnection | null }>>
  set(siteId: SiteId, formId: string, connection: MailingConnection | null): Promise<ApiResult<{ connection: MailingConnection | null }>>
}

export function createMailingApi(client: ApiClient = createApiClient()): MailingApi {
  const path = (s: SiteId, f: string) => `/api/sites/${encodeURIComponent(s)}/mailing-lists?formId=${encodeURIComponent(f)}`
  return {
    get: (s, f) => client.get(path(s, f)),
    set: (s, f, connection) => client.put(path(s, f), { connection }),
  }
}
