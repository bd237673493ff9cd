// CSS classes of a collection item: entry, promotion, categories, tags, author, post type, position, featured,
// and the product display status of store items.
import { isOnSale, isSoldOut } from '../commerce/product.js'
import { field, list, nonEmpty, num, text } from './values.js'
import type { Value } from '../types.js'

/** Record type of store items. */
const STORE_ITEM = 11

/** A value made safe as (part of) a CSS class name: lower case, runs of other characters become '-'. */
export function classSlug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
}

/** The class list of an item; `index` is its 1-based position in a repeated section, when there is one. */
export function itemClasses(item: Value, index: number | undefined): string {
  const out = ['hentry']
  const promoted = field(item, 'promotedBlockType')
  if (nonEmpty(promoted)) out.push('promoted', `promoted-block-${classSlug(promoted)}`)
  for (const c of list(field(item, 'categories'))) if (nonEmpty(c)) out.push(`category-${classSlug(c)}`)
  for (const t of list(field(item, 'tags'))) if (nonEmpty(t)) out.push(`tag-${classSlug(t)}`)
  const author = text(field(field(item, 'author'), 'displayName'))
  if (author !== '') out.push(`author-${classSlug(author)}`)
  const label = text(field(item, 'recordTypeLabel'))
  if (label !== '') out.push(`post-type-${classSlug(label)}`)
  if (index !== undefined) out.push(`article-index-${index}`)
  if (field(item, 'starred') === true) out.push('featured')
  if (num(field(item, 'recordType')) === STORE_ITEM) {
    if (isOnSale(item)) out.push('on-sale')
    if (isSoldOut(item)) out.push('sold-out')
  }
  return out.filter((c) => c !== '' && !c.endsWith('-')).join(' ')
}
