// pg-boss helpers shared by the job queues (mail, form webhooks, image variants).
import type PgBoss from 'pg-boss'

/**
 * Creates a pg-boss queue, retrying when nodes starting together collide: two nodes creating the same queue at once
 * can deadlock inside pg-boss (its queue row and partition table); creating an existing queue is a no-op, so a retry
 * after a short random pause is safe.
 */
export async function createQueueOnce(boss: PgBoss, name: string, attempts = 5): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await boss.createQueue(name)
      return
    } catch (e) {
      const code = (e as { code?: string }).code
      if (i >= attempts || (code !== '40P01' && code !== '23505')) throw e
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * i))
    }
  }
}
