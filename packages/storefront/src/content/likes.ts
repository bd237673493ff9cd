// Simple liking: the like-button markup (.sqs-simple-like with data-item-id and data-like-count) becomes a
// toggle-free button that POSTs /api/content/items/{id}/likes once per visitor (remembered in localStorage).
import { crumbFetch } from '../core/crumb.js'
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

export function enhanceLike(el: HTMLElement, deps: ContentDeps): void {
  const id = el.dataset.itemId
  if (!id) return
  const storage = deps.storage ?? null
  let liked = storage?.getItem(likedKey(id)) === '1'
  let count = Number(el.dataset.likeCount) || 0
  let busy = false
  el.setAttribute('role', 'button')
  el.tabIndex = 0
  el.dataset.enhanced = 'true'
  render(el, count, liked)

  const like = async () => {
    if (liked || busy) return
    busy = true
    render(el, count + 1, true) // optimistic
    try {
      const res = await crumbFetch(`/api/content/items/${encodeURIComponent(id)}/likes`, { method: 'POST' }, deps)
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
  }
  el.addEventListener('click', () => void like())
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      void like()
    }
  })
}

export const initLikes: ContentModule = (root, deps) => {
  let n = 0
  for (const el of root.querySelectorAll<HTMLElement>('.sqs-simple-like[data-item-id]')) {
    if (!claim(el, 'like')) continue
    enhanceLike(el, deps)
    n++
  }
  return n
}
