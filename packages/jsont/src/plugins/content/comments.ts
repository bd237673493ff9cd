// Comment rules: when comments are enabled, the count wording, and the Disqus switch.
import { field, isObject, nonEmpty, num } from './values.js'
import type { Value } from '../types.js'

/**
 * Comments are enabled for an item when its commentState is 1 or it has public comments; they are forced off when
 * website settings exist and do not enable comments.
 */
export function commentsEnabled(item: Value, websiteSettings: Value): boolean {
  if (isObject(websiteSettings) && !websiteSettings.commentsEnabled) return false
  return num(field(item, 'commentState')) === 1 || (num(field(item, 'publicCommentCount')) ?? 0) > 0
}

/** The Disqus short name of the website settings ('' when Disqus is off). Both spellings of the key are read. */
export function disqusShortname(websiteSettings: Value): string {
  const a = field(websiteSettings, 'disqusShortname')
  if (nonEmpty(a)) return a
  const b = field(websiteSettings, 'disqusShortName')
  return nonEmpty(b) ? b : ''
}

/** The public comment count of an item (0 when missing). */
export function commentCount(item: Value): number {
  const n = num(field(item, 'publicCommentCount'))
  return n !== undefined && n > 0 ? Math.floor(n) : 0
}

/** 'No Comments', '1 Comment', 'N Comments'. */
export function commentCountText(count: number): string {
  if (count <= 0) return 'No Comments'
  return count === 1 ? '1 Comment' : `${count} Comments`
}

/** The list style of the count: 'No Comment(s)' when there are none, else the count wording. */
export function commentCountListText(count: number): string {
  return count <= 0 ? 'No Comment(s)' : commentCountText(count)
}
