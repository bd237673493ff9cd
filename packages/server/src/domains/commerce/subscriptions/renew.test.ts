// When a subscription's cycle falls due: calendar periods by default, scaled when the renewal clock's day is shortened.
import { describe, expect, it } from 'vitest'
import { addPeriods, cycleDueAt } from './renew.js'

const sub = { createdAt: new Date('2026-12-02T10:00:00.000Z'), billingPeriodUnit: 'MONTH' as const, billingPeriodValue: 1 }

describe('cycleDueAt', () => {
  it('falls due a calendar month per cycle with a day of a day', () => {
    expect(cycleDueAt(sub, 1).toISOString()).toBe('2026-12-02T10:00:00.000Z')
    expect(cycleDueAt(sub, 2).toISOString()).toBe('2027-01-02T10:00:00.000Z')
    expect(cycleDueAt(sub, 3)).toEqual(addPeriods(sub.createdAt, 'MONTH', 1, 2))
  })
  it('scales each period by the shortened day: 31 days of 100 ms after December 2nd', () => {
    expect(cycleDueAt(sub, 2, 100).getTime() - sub.createdAt.getTime()).toBe(3100)
    expect(cycleDueAt(sub, 3, 100).getTime() - sub.createdAt.getTime()).toBe((31 + 31) * 100)
    expect(cycleDueAt({ ...sub, billingPeriodUnit: 'WEEK' }, 2, 250).getTime() - sub.createdAt.getTime()).toBe(7 * 250)
  })
})
