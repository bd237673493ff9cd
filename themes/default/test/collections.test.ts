// @vitest-environment jsdom
// Blog, events and store pages: the markup each collection view promises, from the sample contexts.
import { describe, expect, it } from 'vitest'
import { attr, count, parse, text } from './dom.js'
import { loadContext, renderPage, type Context } from './theme.js'

const doc = (ctx: Context) => {
  const r = renderPage(ctx)
  expect(r.errors).toEqual([])
  return parse(r.html)
}

describe('blog list', () => {
  const d = doc(loadContext('blog-list'))
  it('lists every post as a card with date, author, categories, tags and excerpt', () => {
    expect(count(d, '.blog-list .item-card')).toBe(4)
    const first = d.querySelector('.item-card')!
    expect(first.className).toContain('hentry')
    expect(first.className).toContain('article-index-1')
    expect(attr(first, 'time.item-date', 'datetime')).toBe('2025-06-14T07:20:00-04:00')
    expect(text(first, '.item-author')).toBe('by Mara Quinn')
    expect(attr(first, '.item-category', 'href')).toBe('/journal?category=Process')
    expect(attr(first, '.item-tags a', 'href')).toBe('/journal?tag=kiln')
    expect(text(first, '.item-card-excerpt')).toBe('Notes from our first wood firing.')
    expect(attr(first, '.item-card-media img', 'alt')).toBe('The kiln glowing')
  })
  it('shows comment links with the visitor wording when comments are enabled', () => {
    const links = [...d.querySelectorAll('.sqs-comment-link')].map((a) => a.textContent!.replace(/\s+/g, ' ').trim())
    // post_1: 1 comment (open); post_2: open, none; post_3: closed but 3 public comments; post_4: closed, none.
    expect(links).toEqual(['1 Comment', 'No Comments', '3 Comments'])
    expect(attr(d, '.item-card .sqs-comment-link', 'href')).toBe('/journal/firing-the-kiln#comments-post_1')
  })
  it('links link posts and passthrough posts to their targets', () => {
    expect(attr(d, '[data-item-id="post_2"] .external-link', 'href')).toBe('https://example.com/article')
    expect(attr(d, '[data-item-id="post_4"] .item-card-title a', 'href')).toBe('https://example.org/original')
  })
  it('has category navigation and pagination', () => {
    expect(count(d, '.category-nav a')).toBe(2)
    expect(attr(d, '.category-nav a[href*="News"]', 'href')).toBe('/journal?category=News%20%26%20Events')
    expect(attr(d, '.pagination a[rel="next"]', 'href')).toBe('/journal?page=2')
    expect(count(d, '.pagination a[rel="prev"]')).toBe(0)
    expect(text(d, '.pagination-status')).toBe('Page 1 of 2')
  })
  it('shows the tag filter and the empty state', () => {
    const ctx = loadContext('blog-list')
    const filtered = doc({ ...ctx, filter: { tag: 'kiln' }, items: [], pagination: { pageCount: 1, page: 1 } })
    expect(text(filtered, '.list-filter')).toContain('Posts tagged kiln')
    expect(text(filtered, '.empty-state')).toBe('No posts yet.')
    expect(count(filtered, '.pagination')).toBe(0)
  })
  it('uses the grid view when the collection view is grid', () => {
    const ctx = loadContext('blog-list')
    const grid = doc({ ...ctx, collection: { ...(ctx.collection as object), view: 'grid' } })
    expect(count(grid, '.item-list-grid')).toBe(1)
    expect(grid.body.classList.contains('view-grid')).toBe(true)
  })
})

describe('blog item', () => {
  const d = doc(loadContext('blog-item'))
  it('renders the body, meta, tag links and a like button when simple liking is on', () => {
    expect(text(d, 'h1.item-title')).toBe('Firing the kiln')
    expect(d.querySelector('.item-body em')!.textContent).toBe('thirty hours')
    expect(count(d, '.item-footer .tag')).toBe(2)
    expect(attr(d, '.sqs-simple-like', 'data-item-id')).toBe('post_1')
    expect(attr(d, '.sqs-simple-like', 'data-like-count')).toBe('4')
  })
  it('renders the comments block: count, approved comments escaped, and the post form', () => {
    expect(text(d, '.comments-title')).toBe('5 Comments')
    expect(count(d, '.comment')).toBe(5)
    expect(count(d, '.comment-list > .comment')).toBe(2)
    expect(text(d, '#comment-cm_1 .comment-body')).toBe('Beautiful work! <script>alert(1)</script>')
    expect(count(d, '.comment-body script')).toBe(0)
    const form = d.querySelector('form[data-comment-form]')!
    expect(form.getAttribute('action')).toBe('/api/content/items/post_1/comments')
    expect([...form.querySelectorAll('[name]')].map((e) => e.getAttribute('name'))).toEqual(['parentId', 'authorName', 'body'])
    expect(attr(d, 'input[name="parentId"]', 'type')).toBe('hidden')
    expect(text(form, 'label[for="comment-name-post_1"]')).toBe('Name')
    expect(text(form, 'label[for="comment-body-post_1"]')).toBe('Comment')
  })
  it('nests replies under their parent to three levels; deeper replies sit at the third, naming whom they answer', () => {
    expect(count(d, '#comment-cm_1 > ol.comment-replies > li#comment-cm_3')).toBe(1)
    expect(count(d, '#comment-cm_3 > ol.comment-replies > li.comment-depth-3')).toBe(2)
    expect(text(d, '#comment-cm_5 .comment-reply-to')).toBe('replying to Sam')
    expect(count(d, '#comment-cm_4 .comment-reply-to')).toBe(0)
    expect(count(d, '#comment-cm_2 ol')).toBe(0)
    expect(attr(d, '#comment-cm_3 [data-comment-reply]', 'data-comment-author')).toBe('Noor')
    expect(d.querySelector('#comment-cm_3 [data-comment-reply]')!.hasAttribute('hidden')).toBe(true) // shown by the script
  })
  it('has previous / next links', () => {
    expect(attr(d, '.post-nav a[rel="prev"]', 'href')).toBe('/journal/glaze-tests')
    expect(attr(d, '.post-nav a[rel="next"]', 'href')).toBe('/journal/open-studio')
  })
  it('closes the form when commentState is 2 and hides comments when the site turns them off', () => {
    const ctx = loadContext('blog-item')
    const closed = doc({ ...ctx, item: { ...(ctx.item as object), commentState: 2 } })
    expect(text(closed, '.comments-closed')).toBe('Comments are closed.')
    expect(count(closed, 'form[data-comment-form]')).toBe(0)
    const off = doc({ ...ctx, websiteSettings: { ...(ctx.websiteSettings as object), commentsEnabled: false } })
    expect(count(off, '.comments')).toBe(0)
  })
  it('uses Disqus when a short name is set, and no like button without simple liking', () => {
    const d2 = doc(loadContext('blog-item-disqus'))
    expect(attr(d2, '#disqus_thread', 'data-disqus-shortname')).toBe('harborpine')
    expect(count(d2, 'form[data-comment-form]')).toBe(0)
    expect(count(d2, '.sqs-simple-like')).toBe(0)
  })
})

describe('store slots', () => {
  it('products list: cards with price and sold-out status', () => {
    const d = doc(loadContext('products-list'))
    expect(count(d, '.product-grid .product-card')).toBe(2)
    expect(text(d, '[data-item-id="prod_1"] .product-price')).toBe('$32.00')
    expect(d.querySelector('[data-item-id="prod_2"]')!.className).toContain('sold-out')
    expect(attr(d, '.products-list', 'data-store-slot')).toBe('products-list')
  })
  it('products item: price range, variant selects, quantity input and add-to-cart button', () => {
    const d = doc(loadContext('products-item'))
    expect(text(d, '.product-summary .product-price')).toBe('from $60.00')
    expect(count(d, '.product-variants select[data-variant-option-name="Size"] option')).toBe(3)
    expect(attr(d, '.product-quantity-input input', 'max')).toBe('9999')
    expect(attr(d, '.sqs-add-to-cart-button', 'data-item-id')).toBe('prod_3')
    expect(text(d, '.product-description')).toBe('Pours without dripping.')
  })
})
