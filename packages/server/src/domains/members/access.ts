// Member-area access: a members-only page (or a page in the `_memberareas` section) is readable by a verified
// member when its rule lets them in: 'members' (the default: every verified member), 'tag' (members carrying
// the tag) or 'product' (a paid area: members whose verified email holds the PAYWALL product, bought one-off or
// by a subscription still in force); an owner's comp access opens every area.
import { and, eq } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { memberAreaRules } from './schema.js'
import type { SiteUserRow } from './service.js'

export interface AreaRule {
  rule: 'members' | 'tag' | 'product'
  tag: string
  productId?: string | null
}

export async function areaRules(orm: Orm, siteId: string): Promise<Map<string, AreaRule>> {
  const rows = await orm.select().from(memberAreaRules).where(eq(memberAreaRules.siteId, siteId))
  return new Map(rows.map((r) => [r.collectionId, { rule: r.rule, tag: r.tag, productId: r.productId }]))
}

export async function setAreaRule(orm: Orm, siteId: string, collectionId: string, rule: AreaRule): Promise<void> {
  const set = { rule: rule.rule, tag: rule.rule === 'tag' ? rule.tag : '', productId: rule.rule === 'product' ? (rule.productId ?? null) : null }
  await orm
    .insert(memberAreaRules)
    .values({ siteId, collectionId, ...set })
    .onConflictDoUpdate({ target: [memberAreaRules.siteId, memberAreaRules.collectionId], set })
}

export async function clearAreaRule(orm: Orm, siteId: string, collectionId: string): Promise<void> {
  await orm.delete(memberAreaRules).where(and(eq(memberAreaRules.siteId, siteId), eq(memberAreaRules.collectionId, collectionId)))
}

/** `held`: the PAYWALL products the member's email holds now (asked only when an area is paid). */
export function mayRead(user: Pick<SiteUserRow, 'emailVerifiedAt' | 'compAccess' | 'tags'>, rule: AreaRule | undefined, held: ReadonlySet<string> = new Set()): boolean {
  if (!user.emailVerifiedAt) return false
  if (user.compAccess || !rule || rule.rule === 'members') return true
  if (rule.rule === 'product') return !!rule.productId && held.has(rule.productId)
  return user.tags.includes(rule.tag)
}

/** The paid areas' products (rule 'product') by collection id. */
export function paidAreas(rules: ReadonlyMap<string, AreaRule>): Map<string, string> {
  const out = new Map<string, string>()
  for (const [id, r] of rules) if (r.rule === 'product' && r.productId) out.set(id, r.productId)
  return out
}
