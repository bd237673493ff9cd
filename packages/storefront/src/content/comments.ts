// Comments: the post form sends { authorName, body, parentId? } as JSON to POST /api/content/items/{id}/comments
// (with the crumb). An approved comment is appended to the list (a reply under its parent); a held one thanks the
// visitor. Each comment's Reply button moves the form under it; Cancel puts it back. Disqus threads load the site's
// Disqus embed script.
import { crumbFetch } from '../core/crumb.js'
import { claim, errorMessage, type ContentDeps, type ContentModule } from './types.js'

export const PENDING_TEXT = 'Thank you! Your comment will appear once it has been approved.'
export const FAILURE_TEXT = 'Something went wrong'

interface PostedComment {
  id?: string
  authorName?: string
  body?: string
  createdOn?: number
  status?: string
  approved?: boolean
}

/** How deep the theme nests replies (the server's MAX_THREAD_DEPTH): deeper replies join the deepest list. */
const MAX_DEPTH = 3

/** The list a new comment goes in: the section's list, or the replies of the comment it answers. */
function listFor(section: Element, parent: Element | null): { list: Element; depth: number } | null {
  const top = section.querySelector('[data-comment-list]')
  if (!parent) return top ? { list: top, depth: 1 } : null
  const depth = Number((parent as HTMLElement).dataset.commentDepth) || 1
  if (depth >= MAX_DEPTH) {
    const holder = parent.parentElement
    return holder ? { list: holder, depth } : null
  }
  let replies = [...parent.children].find((el) => el.matches('[data-comment-replies]')) ?? null
  if (!replies) {
    replies = parent.ownerDocument.createElement('ol')
    replies.className = 'comment-replies'
    replies.setAttribute('data-comment-replies', '')
    parent.append(replies)
  }
  return { list: replies, depth: depth + 1 }
}

function appendComment(list: Element, depth: number, c: PostedComment, fallbackName: string, fallbackBody: string) {
  const doc = list.ownerDocument
  const li = doc.createElement('li')
  li.className = `comment comment-depth-${depth} comment-new`
  li.dataset.comment = ''
  li.dataset.commentDepth = String(depth)
  if (c.id) {
    li.id = `comment-${c.id}`
    li.dataset.commentId = c.id
  }
  const card = doc.createElement('article')
  card.className = 'comment-card'
  const meta = doc.createElement('p')
  meta.className = 'comment-meta'
  const author = doc.createElement('span')
  author.className = 'comment-author'
  author.textContent = c.authorName ?? fallbackName
  const time = doc.createElement('time')
  time.className = 'comment-date'
  const when = new Date(typeof c.createdOn === 'number' ? c.createdOn : Date.now())
  time.dateTime = when.toISOString()
  time.textContent = 'just now'
  meta.append(author, ' ', time)
  const body = doc.createElement('div')
  body.className = 'comment-body'
  body.textContent = c.body ?? fallbackBody
  card.append(meta, body)
  li.append(card)
  list.append(li)
}

/** The heading's wording, as the theme prints it: 'No Comments', '1 Comment', 'N Comments'. */
export function commentCountText(count: number): string {
  if (count <= 0) return 'No Comments'
  return count === 1 ? '1 Comment' : `${count} Comments`
}

/** One more public comment: the section's count heading follows. */
function countOneMore(section: Element | null): void {
  const heading = section?.querySelector<HTMLElement>('[data-comment-count]')
  if (!heading) return
  const count = (Number(heading.dataset.commentCount) || 0) + 1
  heading.dataset.commentCount = String(count)
  heading.textContent = commentCountText(count)
}

export function enhanceCommentForm(form: HTMLFormElement, deps: ContentDeps): void {
  const id = form.dataset.itemId
  const status = form.querySelector<HTMLElement>('[data-comment-status]')
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const parentField = form.querySelector<HTMLInputElement>('[data-comment-parent]')
  const replying = form.querySelector<HTMLElement>('[data-comment-replying]')
  const replyingText = form.querySelector<HTMLElement>('[data-comment-replying-text]')
  const title = form.querySelector<HTMLElement>('[data-comment-form-title]')
  const titleText = title?.textContent ?? ''
  const section = form.closest('[data-comments]')
  // where the form lives when it replies to nobody
  const home = { parent: form.parentElement, next: form.nextSibling }
  const say = (msg: string, state: 'ok' | 'error') => {
    if (status) status.textContent = msg
    form.dataset.state = state
  }
  const replyTo = (comment: HTMLElement | null, author: string) => {
    if (parentField) parentField.value = comment?.dataset.commentId ?? ''
    if (replying) replying.hidden = !comment
    if (replyingText) replyingText.textContent = comment ? `Replying to ${author}` : ''
    if (title) title.textContent = comment ? 'Leave a reply' : titleText
    if (comment) {
      const card = [...comment.children].find((el) => el.classList.contains('comment-card'))
      ;(card ?? comment).after(form)
      form.querySelector<HTMLElement>('textarea, input[name="authorName"]')?.focus()
    } else if (home.parent && form.parentElement !== home.parent) home.parent.insertBefore(form, home.next)
  }
  if (section && parentField) {
    for (const button of section.querySelectorAll<HTMLButtonElement>('[data-comment-reply]')) {
      button.hidden = false
      button.addEventListener('click', () => replyTo(button.closest<HTMLElement>('[data-comment]'), button.dataset.commentAuthor ?? ''))
    }
    form.querySelector('[data-comment-reply-cancel]')?.addEventListener('click', () => replyTo(null, ''))
  }
  form.addEventListener('submit', (e) => {
    e.preventDefault()
    if (!id) return
    const data = new FormData(form)
    const authorName = String(data.get('authorName') ?? '').trim()
    const body = String(data.get('body') ?? '').trim()
    const parentId = String(data.get('parentId') ?? '')
    if (!authorName || !body) return say('Please fill in your name and a comment.', 'error')
    if (submit) submit.disabled = true
    void (async () => {
      try {
        const res = await crumbFetch(
          `/api/content/items/${encodeURIComponent(id)}/comments`,
          { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(parentId ? { authorName, body, parentId } : { authorName, body }) },
          deps,
        )
        if (!res.ok) return say(await errorMessage(res, FAILURE_TEXT), 'error')
        const payload = (await res.json().catch(() => ({}))) as { comment?: PostedComment }
        const c = payload.comment ?? {}
        const approved = c.approved === true || c.status === 'approved'
        const parent = parentId ? (form.closest('[data-comment]') ?? null) : null
        const target = section ? listFor(section, parent) : null
        if (approved && target) {
          appendComment(target.list, target.depth, c, authorName, body)
          countOneMore(section ?? null)
          say('Thank you! Your comment has been posted.', 'ok')
        } else say(PENDING_TEXT, 'ok')
        form.reset()
        if (parentId) replyTo(null, '')
      } catch {
        say('Network error', 'error')
      } finally {
        if (submit) submit.disabled = false
      }
    })()
  })
}

function loadDisqus(el: HTMLElement) {
  const doc = el.ownerDocument
  const shortname = el.dataset.disqusShortname ?? ''
  if (!/^[a-z0-9-]+$/i.test(shortname)) return
  const win = doc.defaultView as (Window & { disqus_config?: unknown }) | null
  if (win) {
    const url = el.dataset.disqusUrl
    const identifier = el.dataset.disqusIdentifier
    win.disqus_config = function (this: { page: { url?: string; identifier?: string } }) {
      this.page.url = url
      this.page.identifier = identifier
    }
  }
  const s = doc.createElement('script')
  s.src = `https://${shortname}.disqus.com/embed.js`
  s.async = true
  s.dataset.timestamp = String(Date.now())
  doc.head.append(s)
}

export const initComments: ContentModule = (root, deps) => {
  let n = 0
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-comment-form]')) {
    if (!claim(form, 'comments')) continue
    enhanceCommentForm(form, deps)
    n++
  }
  for (const el of root.querySelectorAll<HTMLElement>('[data-disqus]')) {
    if (!claim(el, 'disqus')) continue
    loadDisqus(el)
    n++
  }
  return n
}
