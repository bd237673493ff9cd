// Website roles with the specification's ids. A member of a site holds one or more of them.
export const WEBSITE_ROLES = {
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
} as const

export type WebsiteRoleName = keyof typeof WEBSITE_ROLES
export type WebsiteRole = (typeof WEBSITE_ROLES)[WebsiteRoleName]

const NAMES = new Map<number, WebsiteRoleName>(
  Object.entries(WEBSITE_ROLES).map(([name, id]) => [id, name as WebsiteRoleName]),
)

export function isWebsiteRole(id: number): id is WebsiteRole {
  return NAMES.has(id)
}

export function roleName(id: WebsiteRole): WebsiteRoleName {
  return NAMES.get(id)!
}

/** The role shown for a member holding several: the lowest id (ADMIN 1 first). */
export function primaryRole(roles: readonly WebsiteRole[]): WebsiteRole | null {
  return roles.length === 0 ? null : (Math.min(...roles) as WebsiteRole)
}
