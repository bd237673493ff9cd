// Site members on the owner API: /api/sites/:siteId/members... and /api/sites/:siteId/member-areas...

/** A site member as the owner sees them. */
export interface OwnerMember {
  id: string
  email: string
  name: string
  verified: boolean
  newsletter: boolean
  tags: string[]
  /** Every member area opens to them without paying. */
  compAccess: boolean
  createdAt: string
  lastSignInAt: string | null
}

/** GET /api/sites/:siteId/members?q=&tag=&page= */
export interface MemberListView {
  members: OwnerMember[]
  total: number
  page: number
  pageSize: number
  /** Every tag the site's members carry. */
  tags: string[]
}

/** PATCH /api/sites/:siteId/members/:memberId */
export interface MemberChangeInput {
  addTags?: string[]
  removeTags?: string[]
  compAccess?: boolean
}
