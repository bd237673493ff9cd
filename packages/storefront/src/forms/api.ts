// The calls of a site form: a submission key, then SaveFormSubmission; answers mapped to the spec's messages.
import { crumbFetch, type CrumbFetchDeps } from '../core/crumb.js'
import { MESSAGES, statusMessage } from './messages.js'

export type SaveOutcome =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; message: string; fieldErrors: Record<string, string> }

const json = { 'Content-Type': 'application/json', Accept: 'application/json' }

async function body(res: Response): Promise<{ data?: Record<string, unknown> } | null> {
  try {
    return (await res.json()) as { data?: Record<string, unknown> }
  } catch {
    return null
  }
}

export async function submissionKey(deps: CrumbFetchDeps = {}): Promise<string | null> {
  try {
    const res = await crumbFetch('/api/form/FormSubmissionKey', { method: 'POST', headers: json }, deps)
    const b = res.ok ? await body(res) : null
    const key = b?.data?.key
    return typeof key === 'string' && key ? key : null
  } catch {
    return null
  }
}

export async function saveSubmission(payload: Record<string, unknown>, deps: CrumbFetchDeps = {}): Promise<SaveOutcome> {
  let res: Response
  try {
    res = await crumbFetch('/api/form/SaveFormSubmission', { method: 'POST', headers: json, body: JSON.stringify(payload) }, deps)
  } catch {
    return { ok: false, message: MESSAGES.unknown, fieldErrors: {} }
  }
  const b = await body(res)
  if (res.ok) return b ? { ok: true, data: b.data ?? {} } : { ok: false, message: MESSAGES.processing, fieldErrors: {} }
  const data = b?.data ?? {}
  const errors = data.errors && typeof data.errors === 'object' ? (data.errors as Record<string, string>) : {}
  if (res.status === 400 && Object.keys(errors).length > 0) {
    const captcha = errors.captcha
    return { ok: false, message: typeof captcha === 'string' ? captcha : MESSAGES.invalid, fieldErrors: errors }
  }
  if (!b) return { ok: false, message: res.status === 403 ? MESSAGES.processing : statusMessage(res.status, undefined), fieldErrors: {} }
  return { ok: false, message: statusMessage(res.status, data.error ?? (b as { error?: unknown }).error), fieldErrors: {} }
}

/** POST /api/census/form-render (failures ignored). */
export function recordRender(formId: string, visitorCookie: string | null, deps: CrumbFetchDeps = {}): void {
  const payload = { formId, ...(visitorCookie ? { visitorCookie } : {}) }
  crumbFetch('/api/census/form-render', { method: 'POST', headers: json, body: JSON.stringify(payload), keepalive: true }, deps).catch(() => undefined)
}
