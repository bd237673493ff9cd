// Form conversion for the owner's analytics: per form, how often it was shown (the form-render census) and how
// often it was submitted, over a range of UTC days.
import { sql } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../platform/db/index.js'

export interface FormConversion {
  formId: string
  name: string
  views: number
  submissions: number
  /** Submissions per view, in percent (one decimal); 0 without views. */
  rate: number
}

export async function formConversion(orm: Orm, siteId: string, from: string, to: string): Promise<FormConversion[]> {
  const rows = await sqlRows<{ form_id: string; name: string; views: number | string; submissions: number | string }>(
    orm,
    sql`SELECT f.id AS form_id, f.name,
               coalesce((SELECT sum(r.renders) FROM form_render_counts r WHERE r.site_id = f.site_id AND r.form_id = f.id AND r.day BETWEEN ${from}::date AND ${to}::date), 0) AS views,
               (SELECT count(*) FROM form_submissions s WHERE s.site_id = f.site_id AND s.form_id = f.id
                  AND s.created_at >= ${from}::date::timestamptz AND s.created_at < (${to}::date + 1)::timestamptz) AS submissions
        FROM forms f WHERE f.site_id = ${siteId}`,
  )
  return rows
    .map((r) => {
      const views = Number(r.views)
      const submissions = Number(r.submissions)
      return { formId: r.form_id, name: r.name, views, submissions, rate: views ? Math.round((submissions / views) * 1000) / 10 : 0 }
    })
    .filter((r) => r.views > 0 || r.submissions > 0)
    .sort((a, b) => b.views - a.views || b.submissions - a.submissions || a.name.localeCompare(b.name))
}
