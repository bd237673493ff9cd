// Gallery lightbox trigger: links marked data-lightbox-item in a gallery with data-lightbox="true" open the
// lightbox (loaded on first use as its own chunk); without JS they simply open the full image.
import { claim, type ContentModule } from './types.js'
import type { LightboxImage } from './lightbox.js'

export function galleryImages(gallery: Element): { links: HTMLAnchorElement[]; images: LightboxImage[] } {
  const links = [...gallery.querySelectorAll<HTMLAnchorElement>('a[data-lightbox-item]')]
  const images = links.map((a) => {
    const img = a.querySelector('img')
    const meta = a.closest('figure')?.querySelector('.gallery-meta')
    return {
      src: a.getAttribute('href') ?? '',
      srcset: img?.getAttribute('srcset') ?? null,
      alt: img?.getAttribute('alt') ?? '',
      caption: (meta?.textContent ?? img?.getAttribute('alt') ?? '').trim(),
    }
  })
  return { links, images }
}

export const initGalleries: ContentModule = (root) => {
  let n = 0
  for (const gallery of root.querySelectorAll<HTMLElement>('[data-gallery][data-lightbox="true"]')) {
    if (!claim(gallery, 'lightbox')) continue
    n++
    gallery.addEventListener('click', (e) => {
      const link = (e.target as Element).closest<HTMLAnchorElement>('a[data-lightbox-item]')
      if (!link || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
      e.preventDefault()
      const { links, images } = galleryImages(gallery)
      const theme = gallery.dataset.lightboxTheme ?? 'dark'
      void import('./lightbox.js').then(
        (m) => m.openLightbox(gallery.ownerDocument, images, links.indexOf(link), theme, link),
        () => gallery.ownerDocument.defaultView?.location.assign(link.href),
      )
    })
  }
  return n
}
