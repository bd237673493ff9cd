// A long-running editor job (the reviews import) that answers without its result says 'No response data from
// job request'; a real result passes through.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../api/client.js'
import { createCommerceApi } from './api.js'

const answering = (status: number, body: string): typeof fetch => async () => new Response(body, { status, headers: { 'content-type': 'application/json' } })
const cookies = () => 'crumb=tok'

describe('job answers', () => {
  it("an import answered without data gives 'No response data from job request'", async () => {
    expect(MESSAGES.noJobData).toBe('No response data from job request')
    for (const body of ['', '{}', 'null']) {
      const res = await createCommerceApi('s1', { fetch: answering(200, body), readCookies: cookies }).importReviews('csv', 'a,b')
      expect(res.ok, body).toBe(false)
      if (!res.ok) expect(res.error).toMatchObject({ code: 'no_job_data', message: 'No response data from job request' })
    }
    const good = await createCommerceApi('s1', { fetch: answering(200, '{"imported":2,"duplicates":0,"skipped":1}'), readCookies: cookies }).importReviews('csv', 'a,b')
    expect(good).toEqual({ ok: true, status: 200, data: { imported: 2, duplicates: 0, skipped: 1 } })
    const refused = await createCommerceApi('s1', { fetch: answering(400, '{"error":{"type":"invalid_data","code":"bad_csv","message":"Bad file","fields":{}}}'), readCookies: cookies }).importReviews('csv', 'a,b')
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.message).toBe('Bad file')
  })
})
