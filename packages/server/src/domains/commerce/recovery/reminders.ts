// The recovery reminders, each sent exactly once: a reminder is the step `n` of a checkout, claimed by one
// conditional UPDATE (reminders_sent n-1 -> n, the row still open and mailable) and queued as the mail job
// `recovery:<checkout>:<n>` in the same transaction. Two nodes sweeping at once: one claim wins, the other updates
// nothing; a node killed before the commit leaves the step unclaimed (the next sweep sends it), after the commit
// the durable mail job sends it (mail/jobs.ts: once per job id). The first reminder is due `delayHours` after the
// shopper's last step, each further one RECOVERY_REMINDER_GAP_HOURS after the one before; none goes to an address
// that ordered since the checkout began. Each mail carries List-Unsubscribe / List-Unsubscribe-Post (RFC 8058): the
// mail client's one-click unsubscribe posts to the signed RECOVERY_ONE_CLICK_PATH. Hours are the recovery clock's (`hourMs`; browser tests shorten them).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { RECOVERY_LINK_DAYS, RECOVERY_REMINDER_GAP_HOURS } from '@sitewright/contracts'
import type { Orm } from '../../../platform/db/index.js'
import { sqlRows } from '../../../platform/db/index.js'
import type { MailMessage, QueueMail } from '../../mail/index.js'
import { cartView } from '../cart/view.js'
import { moneyText } from '../orders/summary.js'
import { abandonedCheckouts, carts, type AbandonedCheckoutRow } from '../schema.js'
import { getRecoverySettings } from './store.js'

export const RECOVER_PATH = '/commerce/recover'
export const RECOVERY_UNSUBSCRIBE_PATH = '/commerce/recover/unsubscribe'
/** Where a mail client posts `List-Unsubscribe=One-Click` (RFC 8058), the signed query the page's link has. */
export const RECOVERY_ONE_CLICK_PATH = '/commerce/recover/unsubscribe/one-click'
export const RECOVERY_TEMPLATE = 'cart-recovery'

export type Composer = (template: string, to: string, data: Record<string, unknown>) => MailMessage

export interface ReminderDeps {
  orm: Orm
  secret: string
  /** The site's mail composer (notify: its brand and templates). */
  composer(siteId: string): Promise<Composer>
  /** The site's public address, ending with '/'. */
  siteUrl(siteId: string): Promise<string | undefined>
  queueMail: QueueMail
  hourMs: number
  /** Whether the site's plan has abandoned-checkout recovery (ABANDONED_CART_RECOVERY); no reminder goes out without it. */
  allowed?: ((siteId: string) => Promise<boolean>) | undefined
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32)
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** The signed link of a checkout's reminder: it restores the cart until `expires` (ms). */
export function recoveryLink(secret: string, checkoutId: string, expires: number): string {
  return `${RECOVER_PATH}/${checkoutId}?x=${expires}&t=${hmac(secret, `recover:${checkoutId}:${expires}`)}`
}
export function verifyRecoveryLink(secret: string, checkoutId: string, expires: string, token: string, now: number): 'ok' | 'expired' | 'invalid' {
  if (!/^\d{1,15}$/.test(expires) || !same(token, hmac(secret, `recover:${checkoutId}:${expires}`))) return 'invalid'
  return Number(expires) < now ? 'expired' : 'ok'
}
export const unsubscribeToken = (secret: string, checkoutId: string) => hmac(secret, `recovery-unsubscribe:${checkoutId}`)
export const verifyUnsubscribe = (secret: string, checkoutId: string, token: string) => same(token, unsubscribeToken(secret, checkoutId))

interface Due {
  id: string
  site_id: string
  reminders_sent: number
}

/** The checkouts with a reminder due at `now`, oldest first, outside the `excluded` sites. */
async function dueCheckouts(orm: Orm, now: Date, hourMs: number, limit: number, excluded: readonly string[] = []): Promise<Due[]> {
  const hour = hourMs / 1000
  const outside = excluded.length ? sql`AND a.site_id NOT IN (${sql.join(excluded.map((id) => sql`${id}`), sql`, `)})` : sql``
  return sqlRows<Due>(
    orm,
    sql`SELECT a.id, a.site_id, a.reminders_sent FROM commerce_abandoned_checkouts a
        JOIN commerce_recovery_settings s ON s.site_id = a.site_id
        WHERE a.status = 'open' AND s.enabled AND a.consent AND NOT a.unsubscribed AND a.reminders_sent < s.reminders ${outside}
          AND ((a.reminders_sent = 0 AND a.last_activity_at <= ${now}::timestamptz - make_interval(secs => s.delay_hours * ${hour}))
            OR (a.reminders_sent > 0 AND a.last_reminder_at <= ${now}::timestamptz - make_interval(secs => ${RECOVERY_REMINDER_GAP_HOURS * hour})))
        ORDER BY a.last_activity_at LIMIT ${limit}`,
  )
}

/** Whether the address ordered on the site since the checkout began. */
async function paidSince(tx: Orm, row: AbandonedCheckoutRow): Promise<boolean> {
  const found = await sqlRows(tx, sql`SELECT 1 FROM commerce_orders WHERE site_id = ${row.siteId} AND lower(email) = ${row.email} AND created_at >= ${row.createdAt} LIMIT 1`)
  return found.length > 0
}

/**
 * Sends (queues) every reminder due at `now`; answers how many were queued here. Safe on every node at once.
 */
export async function sendDueReminders(deps: ReminderDeps, now: Date): Promise<number> {
  const { orm } = deps
  let queued = 0
  const composers = new Map<string, Composer>()
  // a site whose plan lacks the feature keeps its checkouts open, unsent (they go out if the plan gets it back); the
  // batch is asked again without those sites so they never hold the others' reminders back
  const allowed = new Map<string, boolean>()
  const excluded: string[] = []
  let batch = await dueCheckouts(orm, now, deps.hourMs, 100)
  if (deps.allowed) {
    for (let round = 0; round < 5; round++) {
      const fresh = [...new Set(batch.map((d) => d.site_id))].filter((id) => !allowed.has(id))
      for (const id of fresh) allowed.set(id, await deps.allowed(id))
      const off = fresh.filter((id) => !allowed.get(id))
      if (!off.length) break
      excluded.push(...off)
      batch = await dueCheckouts(orm, now, deps.hourMs, 100, excluded)
    }
  }
  for (const due of batch) {
    if (allowed.get(due.site_id) === false) continue
    let compose = composers.get(due.site_id)
    if (!compose) composers.set(due.site_id, (compose = await deps.composer(due.site_id)))
    const baseUrl = (await deps.siteUrl(due.site_id)) ?? '/'
    const { reminders, couponCode } = await getRecoverySettings(orm, due.site_id)
    const step = due.reminders_sent + 1
    const sent = await orm.transaction(async (tx) => {
      const [row] = await tx
        .update(abandonedCheckouts)
        .set({ remindersSent: step, lastReminderAt: now, updatedAt: now })
        .where(and(eq(abandonedCheckouts.id, due.id), eq(abandonedCheckouts.remindersSent, due.reminders_sent), eq(abandonedCheckouts.status, 'open'), eq(abandonedCheckouts.unsubscribed, false)))
        .returning()
      if (!row) return false // another node claimed this step
      const [cart] = await tx.select().from(carts).where(and(eq(carts.siteId, row.siteId), eq(carts.id, row.restoredCartId ?? row.cartId)))
      const cv = cart && !cart.isPurchased ? await cartView(tx, row.siteId, cart) : null
      if (!cv || cv.entries.length === 0 || (await paidSince(tx, row))) {
        // nothing left to come back for: the checkout ends without this reminder
        await tx.update(abandonedCheckouts).set({ status: 'completed', remindersSent: due.reminders_sent, updatedAt: now }).where(eq(abandonedCheckouts.id, row.id))
        return false
      }
      await tx.update(abandonedCheckouts).set({ valueCents: cv.grandTotalCents }).where(eq(abandonedCheckouts.id, row.id))
      const link = new URL(recoveryLink(deps.secret, row.id, now.getTime() + RECOVERY_LINK_DAYS * 86_400_000), baseUrl).toString()
      const signed = `?s=${row.id}&t=${unsubscribeToken(deps.secret, row.id)}`
      const unsubscribeUrl = new URL(`${RECOVERY_UNSUBSCRIBE_PATH}${signed}`, baseUrl).toString()
      const oneClickUrl = new URL(`${RECOVERY_ONE_CLICK_PATH}${signed}`, baseUrl).toString()
      const data = {
        recovery: {
          step,
          reminders,
          last: step === reminders,
          url: link,
          unsubscribeUrl,
          couponCode,
          total: moneyText(cv.grandTotalCents, cv.currency),
          lines: cv.entries.map((e) => ({ title: e.title, variant: e.variantText, quantity: e.quantity, total: moneyText(Number(e.subTotal.value), cv.currency) })),
        },
      }
      await deps.queueMail(tx, { id: `recovery:${row.id}:${step}`, siteId: row.siteId, kind: RECOVERY_TEMPLATE, message: { ...compose(RECOVERY_TEMPLATE, row.email, data), headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } })
      return true
    })
    if (sent) queued++
  }
  return queued
}
