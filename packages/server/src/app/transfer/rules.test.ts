// The export list against the schema: every table holding site data (a `site_id` column) has exactly one rule, and
// an exported table's references (foreign keys in the Drizzle schema) point at tables exported before it, so an
// import inserts parents first. A new site table without a rule fails here.
import { getTableColumns, getTableName } from 'drizzle-orm'
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { ALL_TABLES } from '../tables.js'
import { SITE_TRANSFER_RULES } from './rules.js'
import { tableInfo } from '../../domains/transfer/index.js'
import { readMigrations } from '../../platform/db/index.js'

/** Every `REFERENCES` of the SQL migrations: table -> the tables it points at (the real schema, not just Drizzle's). */
function sqlReferences(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  for (const m of readMigrations()) {
    for (const statement of m.sql.split(';')) {
      const table = /(?:CREATE TABLE(?: IF NOT EXISTS)?|ALTER TABLE(?: IF EXISTS)?)\s+([a-z_]+)/i.exec(statement)?.[1]
      if (!table) continue
      for (const ref of statement.matchAll(/REFERENCES\s+([a-z_]+)/gi)) out.set(table, (out.get(table) ?? new Set()).add(ref[1]!))
    }
  }
  return out
}

const siteTables = ALL_TABLES.filter((t) => 'siteId' in (getTableColumns(t) as Record<string, PgColumn>)).map((t) => getTableName(t))
const ruled = SITE_TRANSFER_RULES.map((r) => getTableName(r.table))

describe('site export rules', () => {
  it('cover every table with site data exactly once, and nothing else', () => {
    expect(siteTables.length).toBeGreaterThan(50)
    expect(siteTables.filter((n) => !ruled.includes(n))).toEqual([])
    expect(ruled.filter((n) => !siteTables.includes(n))).toEqual([])
    expect(new Set(ruled).size).toBe(ruled.length)
  })

  it('give every skipped table a reason', () => {
    for (const r of SITE_TRANSFER_RULES) expect(r.reason.length, getTableName(r.table)).toBeGreaterThan(r.kind === 'skip' ? 10 : 2)
  })

  it('export parents before children: every reference of an exported table is to a table exported earlier', () => {
    const exported = SITE_TRANSFER_RULES.filter((r) => r.kind !== 'skip')
    const order = exported.map((r) => getTableName(r.table))
    const wrong: string[] = []
    for (const [i, r] of exported.entries()) {
      const targets = new Set([...getTableConfig(r.table).foreignKeys.map((fk) => getTableName(fk.reference().foreignTable)), ...(sqlReferences().get(order[i]!) ?? [])])
      for (const target of targets) {
        if (target === 'websites' || target === order[i]) continue
        const at = order.indexOf(target)
        if (at < 0 || at > i) wrong.push(`${order[i]} -> ${target}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('name only real columns (ids to renew, fresh ones, self references, references and documents to check)', () => {
    for (const r of SITE_TRANSFER_RULES) {
      const names = Object.values(getTableColumns(r.table) as Record<string, PgColumn>).map((c) => c.name)
      for (const col of [...(r.ids ?? []), ...(r.fresh ?? []), ...(r.selfRef ? [r.selfRef] : []), ...(r.refs ?? []).map((x) => x.column), ...(r.docs ?? [])]) expect(names, `${getTableName(r.table)}.${col}`).toContain(col)
      expect(tableInfo(r).columns).toContain('site_id')
    }
  })

  it('keep customer data (orders, members, submissions) apart from the site content', () => {
    const kind = (name: string) => SITE_TRANSFER_RULES.find((r) => getTableName(r.table) === name)?.kind
    expect(['commerce_orders', 'site_users', 'form_submissions', 'newsletter_subscribers', 'restock_signups'].map(kind)).toEqual(Array(5).fill('customer'))
    expect(['content_collections', 'content_items', 'file_assets', 'commerce_products', 'commerce_variants', 'forms'].map(kind)).toEqual(Array(6).fill('content'))
  })
})
