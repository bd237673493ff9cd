// Comments: the post form sends { authorName, body } as JSON to POST /api/content/items/{id}/comments (with the
// crumb). An approved comment is appended to the list; a held one thanks the visitor. Disqus threads load the
// site's Disqus embed script.
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

function appendComment(list: Element, c: PostedComment, fallbackName: string, fallbackBody: string) {
  const doc = list.ownerDocument
  const li = doc.createElement('li')
  li.className = 'comment comment-new'
  if (c.id) li.id = `comment-${c.id}`
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
  li.append(meta, body)
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
  const say = (msg: string, state: 'ok' | 'error') => {
    if (status) status.textContent = msg
    form.dataset.state = state
  }
  form.addEventListener('submit', (e) => {
    e.preventDefault()
    if (!id) return
    const data = new FormData(form)
    const authorName = String(data.get('authorName') ?? '').trim()
    const body = String(data.get('body') ?? '').trim()
    if (!authorName || !body) return say('Please fill in your name and a comment.', 'error')
    if (submit) submit.disabled = true
    void (async () => {
      try {
        const res = await crumbFetch(
          `/api/content/items/${encodeURIComponent(id)}/comments`,
          { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ authorName, body }) },
          deps,
        )
        if (!res.ok) return say(await errorMessage(res, FAILURE_TEXT), 'error')
        const payload = (await res.json().catch(() => ({}))) as { comment?: PostedComment }
        const c = payload.comment ?? {}
        const approved = c.approved === true || c.status === 'approved'
        const section = form.closest('[data-comments]')
        const list = section?.querySelector('[data-comment-list]')
        if (approved && list) {
          appendComment(list, c, authorName, body)
          countOneMore(section ?? null)
          say('Thank you! Your comment has been posted.', 'ok')
        } else say(PENDING_TEXT, 'ok')
        form.reset()
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
