// Simple liking: the like-button markup (.sqs-simple-like with data-item-id and data-like-count) becomes a
// toggle-free button that POSTs /api/content/items/{id}/likes once per visitor (remembered in localStorage).
// When the site answers 401 (a member sign-in is needed first) the like is kept as a stored action and the visitor
// is sent to sign in; back on the page, signed in, it is sent once and the visitor is told it was done.
import { crumbFetch } from '../core/crumb.js'
import { documentCookies, readCookie } from '../core/cookies.js'
import { storeAction, takeActions, type ActionStorage } from './stored-actions.js'
import { claim, type ContentDeps, type ContentModule } from './types.js'

export const likedKey = (itemId: string) => `sitewright-liked:${itemId}`

function render(el: HTMLElement, count: number, liked: boolean) {
  el.dataset.likeCount = String(count)
  el.classList.toggle('liked', liked)
  el.setAttribute('aria-pressed', String(liked))
  el.setAttribute('aria-label', `${liked ? 'Liked' : 'Like'} (${count} ${count === 1 ? 'like' : 'likes'})`)
  const label = el.querySelector('.like-count')
  if (label) label.textContent = String(count)
}

export const LIKE_ACTION = 'like'
export const LIKE_REPLAYED_TEXT = 'You are signed in, and your like was added.'

const currentPath = (deps: ContentDeps) => (deps.path ? deps.path() : `${location.pathname}${location.search}`)
const actionStorage = (deps: ContentDeps): ActionStorage | null => {
  const s = deps.storage
  return s && s.removeItem ? (s as ActionStorage) : null
}

function tell(el: HTMLElement, text: string) {
  let note = el.parentElement?.querySelector<HTMLElement>('.sw-like-note') ?? null
  if (!note) {
    note = document.createElement('p')
    note.className = 'sw-like-note'
    note.setAttribute('role', 'status')
    el.insertAdjacentElement('afterend', note)
  }
  note.textContent = text
}

/** Wires one like button; answers the like function (used to replay a like stored before sign-in). */
export function enhanceLike(el: HTMLElement, deps: ContentDeps): () => Promise<boolean> {
  const id = el.dataset.itemId
  if (!id) return async () => false
  const storage = deps.storage ?? null
  let liked = storage?.getItem(likedKey(id)) === '1'
  let count = Number(el.dataset.likeCount) || 0
  let busy = false
  el.setAttribute('role', 'button')
  el.tabIndex = 0
  el.dataset.enhanced = 'true'
  render(el, count, liked)

  const like = async (): Promise<boolean> => {
    if (liked || busy) return false
    busy = true
    render(el, count + 1, true) // optimistic
    try {
      const res = await crumbFetch(`/api/content/items/${encodeURIComponent(id)}/likes`, { method: 'POST' }, deps)
      if (res.status === 401) {
        const path = currentPath(deps)
        if (storeAction(actionStorage(deps), { kind: LIKE_ACTION, target: id, payload: { path } }, deps.now?.())) {
          ;(deps.toSignIn ?? ((p: string) => location.assign(`/account/sign-in?return=${encodeURIComponent(p)}`)))(path)
        }
        throw new Error('sign-in needed')
      }
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      const body = (await res.json().catch(() => ({}))) as { likeCount?: unknown }
      count = typeof body.likeCount === 'number' ? body.likeCount : count + 1
      liked = true
      try {
        storage?.setItem(likedKey(id), '1')
      } catch {
        // storage full or refused: the like still counted
      }
    } catch {
      liked = false
    } finally {
      busy = false
      render(el, count, liked)
    }
    return liked
  }
  el.addEventListener('click', () => void like())
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      void like()
    }
  })
  return like
}

export const initLikes: ContentModule = (root, deps) => {
  let n = 0
  const likes = new Map<string, { el: HTMLElement; like: () => Promise<boolean> }>()
  for (const el of root.querySelectorAll<HTMLElement>('.sqs-simple-like[data-item-id]')) {
    if (!claim(el, 'like')) continue
    likes.set(el.dataset.itemId!, { el, like: enhanceLike(el, deps) })
    n++
  }
  // likes stored before sign-in whose button is on this page: sent once (removed from storage first)
  // (only signed in: a visitor who came back without signing in keeps them for a later page)
  const member = Boolean(readCookie((deps.cookies ?? documentCookies)(), 'SiteUserSecureAuthToken'))
  const path = likes.size && member ? currentPath(deps) : ''
  const replay = !member ? [] : takeActions(actionStorage(deps), (a) => a.kind === LIKE_ACTION && likes.has(a.target) && a.payload.path === path, deps.now?.())
  for (const a of replay) {
    const { el, like } = likes.get(a.target)!
    void like().then((done) => done && tell(el, LIKE_REPLAYED_TEXT))
  }
  return n
}
