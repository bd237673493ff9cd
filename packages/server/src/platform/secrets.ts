// Server-wide secrets kept in the database, so every process on one database agrees (crumb signing key).
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { Orm } from './db/index.js'

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/** Returns the named secret, creating it (32 random bytes, base64url) on first use. */
export async function getOrCreateSecret(orm: Orm, name: string): Promise<string> {
  await orm
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await orm.select().from(serverSecrets).where(eq(serverSecrets.name, name))
  if (!row) throw new Error(`secret ${name} missing after insert`)
  return row.value
}
