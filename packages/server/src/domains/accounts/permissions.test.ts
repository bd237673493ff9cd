import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CAPABILITIES, capabilitiesOf, capabilityOf, type Capability } from './permissions.js'
import { WEBSITE_ROLES } from './roles.js'

describe('permission table', () => {
  it('maps owner routes to capabilities by method and path prefix at a segment boundary', () => {
    expect(capabilityOf('GET', '/api/sites/:siteId/settings')).toBe('settings.read')
    expect(capabilityOf('PATCH', '/api/sites/:siteId/settings')).toBe('settings.edit')
    expect(capabilityOf('GET', '/api/sites/:siteId/forms/:formId/submissions')).toBe('forms.read')
    expect(capabilityOf('DELETE', '/api/sites/:siteId/forms/:formId')).toBe('forms.edit')
    expect(capabilityOf('POST', '/api/sites/:siteId/commerce/orders/:rowId/refund')).toBe('commerce')
    expect(capabilityOf('GET', '/api/sites/:siteId/formsX')).toBeNull()
    expect(capabilityOf('GET', '/api/sites/:siteId/analytics')).toBe('analytics')
    expect(capabilityOf('PATCH', '/api/sites/:siteId/tracking/settings')).toBe('settings.edit')
    expect(capabilityOf('GET', '/api/sites/:siteId/unruled')).toBeNull()
    expect(capabilityOf('GET', '/api/auth/me')).toBeNull()
  })

  it('gives each role its capabilities', () => {
    expect(capabilitiesOf([WEBSITE_ROLES.EDITOR])).not.toContain('commerce')
    expect(capabilitiesOf([WEBSITE_ROLES.STORE_MANAGER])).toEqual(['settings.read', 'commerce', 'plan.read'])
    expect(capabilitiesOf([WEBSITE_ROLES.ADMIN])).toEqual(Object.keys(CAPABILITIES))
    expect(capabilitiesOf([WEBSITE_ROLES.COMMENTER])).toEqual(['plan.read'])
    expect(capabilityOf('GET', '/api/sites/:siteId/plan')).toBe('plan.read')
    expect(capabilityOf('POST', '/api/sites/:siteId/billing/plan')).toBe('billing')
  })

  it('the README table says what the code says', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
    const header = readme.split('\n').find((l) => l.startsWith('| capability | routes under'))!
    const roleIds = header.split('|').slice(3, -1).map((c) => Number(c.trim().split(' ')[1]))
    expect(roleIds).toEqual(Object.values(WEBSITE_ROLES))
    for (const [capability, roles] of Object.entries(CAPABILITIES)) {
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${capability}\` |`))
      expect(row, capability).toBeTruthy()
      const ticks = row!.split('|').slice(3, -1).map((c) => c.trim() === '✓')
      expect(roleIds.filter((_, i) => ticks[i]), capability as Capability).toEqual(Object.values(WEBSITE_ROLES).filter((r) => (roles as readonly number[]).includes(r)))
    }
  })
})
