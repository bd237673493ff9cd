// Member-area access: a members-only page (or a page in the `_memberareas` section) is readable by a verified
// member when its rule lets them in: 'members' (the default: every verified member) or 'tag' (members carrying
// the tag); an owner's comp access opens every area.
import { and, eq } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { memberAreaRules } from './schema.js'
import type { SiteUserRow } from './service.js'

export interface AreaRule {
  rule: 'members' | 'tag'
  tag: string
}

export async function areaRules(orm: Orm, siteId: string): Promise<Map<string, AreaRule>> {
  const rows = await orm.select().from(memberAreaRules).where(eq(memberAreaRules.siteId, siteId))
  return new Map(rows.map((r) => [r.collectionId, { rule: r.rule, tag: r.tag }]))
}

export async function setAreaRule(orm: Orm, siteId: string, collectionId: string, rule: AreaRule): Promise<void> {
  await orm
    .insert(memberAreaRules)
    .values({ siteId, collectionId, rule: rule.rule, tag: rule.rule === 'tag' ? rule.tag : '' })
    .onConflictDoUpdate({ target: [memberAreaRules.siteId, memberAreaRules.collectionId], set: { rule: rule.rule, tag: rule.rule === 'tag' ? rule.tag : '' } })
}

export async function clearAreaRule(orm: Orm, siteId: string, collectionId: string): Promise<void> {
  await orm.delete(memberAreaRules).where(and(eq(memberAreaRules.siteId, siteId), eq(memberAreaRules.collectionId, collectionId)))
}

export function mayRead(user: Pick<SiteUserRow, 'emailVerifiedAt' | 'compAccess' | 'tags'>, rule: AreaRule | undefined): boolean {
  if (!user.emailVerifiedAt) return false
  if (user.compAccess || !rule || rule.rule === 'members') return true
  return user.tags.includes(rule.tag)
}
