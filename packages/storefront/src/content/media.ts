// Video facades become the provider's player on click (only an https iframe src is taken from the oembed HTML;
// nothing else of it reaches the page), and code blocks with line numbers get one element per line.
import { claim, type ContentModule } from './types.js'

/** The https iframe src inside oembed HTML, or null. */
export function iframeSrc(doc: Document, html: string): string | null {
  const tpl = doc.createElement('template')
  tpl.innerHTML = html
  const src = tpl.content.querySelector('iframe')?.getAttribute('src') ?? ''
  try {
    const url = new URL(src, 'https://invalid.invalid')
    return url.protocol === 'https:' && url.hostname !== 'invalid.invalid' ? url.href : null
  } catch {
    return null
  }
}

export const initVideos: ContentModule = (root) => {
  let n = 0
  for (const frame of root.querySelectorAll<HTMLElement>('[data-video][data-html]')) {
    if (!claim(frame, 'video')) continue
    const facade = frame.querySelector<HTMLAnchorElement>('[data-video-play]')
    const src = iframeSrc(frame.ownerDocument, frame.dataset.html ?? '')
    if (!facade || !src) continue
    n++
    facade.addEventListener('click', (e) => {
      e.preventDefault()
      const iframe = frame.ownerDocument.createElement('iframe')
      const url = new URL(src)
      url.searchParams.set('autoplay', '1')
      iframe.src = url.href
      iframe.title = facade.textContent?.trim() || 'Video'
      iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen'
      iframe.setAttribute('allowfullscreen', '')
      frame.replaceChildren(iframe)
      iframe.focus()
    })
  }
  return n
}

export const initCode: ContentModule = (root) => {
  let n = 0
  for (const code of root.querySelectorAll<HTMLElement>('pre.line-numbers > code')) {
    if (!claim(code, 'lines')) continue
    const doc = code.ownerDocument
    const lines = (code.textContent ?? '').replace(/\n$/, '').split('\n')
    code.replaceChildren(
      ...lines.map((line) => {
        const span = doc.createElement('span')
        span.className = 'code-line'
        span.textContent = line
        return span
      }),
    )
    n++
  }
  return n
}
