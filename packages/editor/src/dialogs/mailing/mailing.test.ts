import { describe, expect, it } from 'vitest'
import { connectionSummary, initialMailing, mailingReducer } from './mailing.js'

const lists = [{ id: 'l1', name: 'Newsletter' }]

describe('mailing-list connect dialog', () => {
  it('not connected -> connected -> disconnect only after confirmation', () => {
    let s = initialMailing(null)
    s = mailingReducer(s, { type: 'connect', lists })
    expect(s).toMatchObject({ status: 'not-connected', error: 'A List must be selected' })
    s = mailingReducer(s, { type: 'choose-list', listId: 'l1' })
    s = mailingReducer(s, { type: 'connect', lists })
    expect(s).toEqual({ status: 'connected', connection: { service: 'lists', listId: 'l1', listName: 'Newsletter' } })
    s = mailingReducer(s, { type: 'disconnect' })
    expect(s.status).toBe('confirm-disconnect')
    expect(mailingReducer(s, { type: 'keep' }).status).toBe('connected')
    expect(mailingReducer(s, { type: 'confirm' }).status).toBe('not-connected')
  })

  it("an automation service shows 'Awaiting Connection' and a count", () => {
    let s = initialMailing(null)
    s = mailingReducer(s, { type: 'choose-service', service: 'automation' })
    s = mailingReducer(s, { type: 'connect', lists: [] })
    if (s.status !== 'connected') throw new Error(s.status)
    expect(connectionSummary(s.connection)).toBe('Awaiting Connection (0)')
    expect(connectionSummary({ ...s.connection, pendingCount: 3 })).toBe('Awaiting Connection (3)')
  })
})
