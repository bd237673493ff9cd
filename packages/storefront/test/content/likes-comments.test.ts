// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { enhanceCommentForm, initComments, PENDING_TEXT } from '../../src/content/comments.js'
import { initLikes, likedKey } from '../../src/content/likes.js'
import { json, memoryStorage, page, recordingFetch, settle } from './helpers.js'

const cookies = () => 'other=1; crumb=tok-123'

describe('like button', () => {
  beforeEach(() => {
    page(`<span class="sqs-simple-like" data-item-id="post_1" data-like-count="4"><span class="like-icon"></span><span class="like-count"></span></span>`)
  })

  it('becomes an accessible button showing the count', () => {
    expect(initLikes(document, { storage: memoryStorage() })).toBe(1)
    const el = document.querySelector<HTMLElement>('.sqs-simple-like')!
    expect(el.getAttribute('role')).toBe('button')
    expect(el.tabIndex).toBe(0)
    expect(el.getAttribute('aria-pressed')).toBe('false')
    expect(el.querySelector('.like-count')!.textContent).toBe('4')
  })

  it('POSTs the like with the crumb, shows the server count and remembers it', async () => {
    const storage = memoryStorage()
    const { fetch, calls } = recordingFetch(() => json(200, { likeCount: 9 }))
    initLikes(document, { fetch, cookies, storage })
    const el = document.querySelector<HTMLElement>('.sqs-simple-like')!
    el.click()
    await settle()
    el.click() // a second click does nothing
    await settle()
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('/api/content/items/post_1/likes')
    expect(calls[0]!.method).toBe('POST')
    expect(calls[0]!.headers.get('X-CSRF-Token')).toBe('tok-123')
    expect(el.dataset.likeCount).toBe('9')
    expect(el.classList.contains('liked')).toBe(true)
    expect(storage.map.get(likedKey('post_1'))).toBe('1')
  })

  it('rolls back when the server refuses, and starts liked when remembered', async () => {
    const { fetch } = recordingFetch(() => json(429, { error: { message: 'slow down' } }))
    initLikes(document, { fetch, cookies, storage: memoryStorage() })
    const el = document.querySelector<HTMLElement>('.sqs-simple-like')!
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }))
    await settle()
    await settle()
    expect(el.dataset.likeCount).toBe('4')
    expect(el.classList.contains('liked')).toBe(false)

    page(`<span class="sqs-simple-like" data-item-id="post_1" data-like-count="4"></span>`)
    initLikes(document, { storage: memoryStorage({ [likedKey('post_1')]: '1' }) })
    expect(document.querySelector('.sqs-simple-like')!.getAttribute('aria-pressed')).toBe('true')
  })
})

const COMMENTS = `<section data-comments data-item-id="post_1"><ol data-comment-list></ol>
  <form data-comment-form data-item-id="post_1"><input name="authorName"><textarea name="body"></textarea>
  <button type="submit">Post Comment</button><p data-comment-status></p></form></section>`

function fill(name: string, body: string) {
  document.querySelector<HTMLInputElement>('[name="authorName"]')!.value = name
  document.querySelector<HTMLTextAreaElement>('[name="body"]')!.value = body
  document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
}

describe('comment form', () => {
  it('posts {authorName, body} as JSON with the crumb and appends an approved comment as text', async () => {
    page(COMMENTS)
    const { fetch, calls } = recordingFetch((c) =>
      json(201, { comment: { id: 'c9', authorName: 'Sam', body: JSON.parse(c.body!).body, createdOn: 1, status: 'approved' } }),
    )
    expect(initComments(document, { fetch, cookies })).toBe(1)
    fill('Sam', '<b>hi</b>')
    await settle()
    await settle()
    expect(calls[0]!.url).toBe('/api/content/items/post_1/comments')
    expect(JSON.parse(calls[0]!.body!)).toEqual({ authorName: 'Sam', body: '<b>hi</b>' })
    expect(calls[0]!.headers.get('X-CSRF-Token')).toBe('tok-123')
    const li = document.querySelector('#comment-c9')!
    expect(li.querySelector('.comment-body')!.textContent).toBe('<b>hi</b>')
    expect(li.querySelector('b')).toBeNull()
    expect(document.querySelector<HTMLInputElement>('[name="authorName"]')!.value).toBe('')
  })

  it('thanks the visitor when the comment is held for moderation', async () => {
    page(COMMENTS)
    const { fetch } = recordingFetch(() => json(202, { comment: { id: 'c1', status: 'pending' } }))
    enhanceCommentForm(document.querySelector('form')!, { fetch, cookies })
    fill('Sam', 'hello')
    await settle()
    await settle()
    expect(document.querySelector('[data-comment-status]')!.textContent).toBe(PENDING_TEXT)
    expect(document.querySelectorAll('.comment')).toHaveLength(0)
  })

  it('shows the server error, the rate-limit text, and refuses empty fields', async () => {
    page(COMMENTS)
    let status = 400
    const { fetch, calls } = recordingFetch(() => json(status, { error: { type: 'validation', code: 'x', message: 'Name is too long' } }))
    enhanceCommentForm(document.querySelector('form')!, { fetch, cookies })
    const say = () => document.querySelector('[data-comment-status]')!.textContent
    fill('', '')
    expect(calls).toHaveLength(0)
    expect(say()).toBe('Please fill in your name and a comment.')
    fill('Sam', 'hello')
    await settle()
    await settle()
    expect(say()).toBe('Name is too long')
    status = 429
    fill('Sam', 'hello')
    await settle()
    await settle()
    expect(say()).toBe('Please try again in a few seconds.')
  })
})

describe('disqus', () => {
  it('loads the embed script of a valid short name only', () => {
    document.head.innerHTML = '' // the worker's document is shared with earlier test files
    page(`<div data-disqus data-disqus-shortname="harborpine" data-disqus-identifier="p1" data-disqus-url="http://x/p"></div>`)
    initComments(document, {})
    expect(document.head.querySelector('script')!.getAttribute('src')).toBe('https://harborpine.disqus.com/embed.js')
    document.head.innerHTML = ''
    page(`<div data-disqus data-disqus-shortname="evil.com/x"></div>`)
    initComments(document, {})
    expect(document.head.querySelector('script')).toBeNull()
  })
})
