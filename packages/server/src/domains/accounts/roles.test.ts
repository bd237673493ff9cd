import { describe, expect, it } from 'vitest'
import { WEBSITE_ROLES, isWebsiteRole, primaryRole, roleName } from './roles.js'

describe('website roles', () => {
  it('uses the specification ids', () => {
    expect(WEBSITE_ROLES).toEqual({
      ADMIN: 1, BILLING: 2, REPORTING: 3, EDITOR: 4, MODERATOR: 6, COMMENTER: 7, STORE_MANAGER: 8,
      SCHEDULING: 9, VIEWER: 10, CAMPAIGNS_EDITOR: 11, SCHEDULING_VIEWER: 12, SCHEDULING_EDITOR: 13,
    })
  })
  it('names roles and rejects ids that are not roles (5 is unused)', () => {
    expect(roleName(4)).toBe('EDITOR')
    expect(isWebsiteRole(5)).toBe(false)
    expect(isWebsiteRole(13)).toBe(true)
  })
  it('picks ADMIN as primary over other roles', () => {
    expect(primaryRole([10, 1, 4])).toBe(1)
    expect(primaryRole([])).toBeNull()
  })
})
