// Owner-side rules tables: coupons, shipping options, tax rules (list, create, delete), per site.
import { and, asc, eq } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { isUniqueViolation } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { newId } from '../../../platform/ids.js'
import { coupons, shippingOptions, taxRules } from '../schema.js'

export const RULE_TABLES = { coupons, 'shipping-options': shippingOptions, 'tax-rules': taxRules } as const
export type RuleKind = keyof typeof RULE_TABLES

/** The rules of a kind: shipping options in the order visitors are offered them (ordering, then name; as the cart). */
export async function listRules(orm: Orm, siteId: string, kind: RuleKind) {
  if (kind === 'shipping-options') {
    return orm.select().from(shippingOptions).where(eq(shippingOptions.siteId, siteId)).orderBy(asc(shippingOptions.ordering), asc(shippingOptions.name))
  }
  const t = RULE_TABLES[kind]
  return orm.select().from(t).where(eq(t.siteId, siteId)).orderBy(asc(t.id))
}

export async function createRule(orm: Orm, siteId: string, kind: RuleKind, values: Record<string, unknown>) {
  const t = RULE_TABLES[kind]
  const row = { ...values, id: newId(), siteId }
  for (const k of ['startsAt', 'endsAt']) if (typeof row[k as keyof typeof row] === 'string') (row as Record<string, unknown>)[k] = new Date(row[k as keyof typeof row] as string)
  try {
    const [created] = await orm.insert(t).values(row as never).returning()
    return created
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('conflict', 'rule_exists', kind === 'coupons' ? 'A coupon with this code exists.' : 'A tax rule for this country and region exists.')
    throw e
  }
}

export async function deleteRule(orm: Orm, siteId: string, kind: RuleKind, id: string): Promise<void> {
  const t = RULE_TABLES[kind]
  const gone = await orm.delete(t).where(and(eq(t.siteId, siteId), eq(t.id, id))).returning({ id: t.id })
  if (gone.length === 0) throw new AppError('not_found', 'rule_not_found', 'No such entry.')
}
