// The gallery lightbox (a lazily loaded chunk): a modal dialog showing one image at a time with previous/next,
// arrow keys, Escape and focus returned to the thumbnail that opened it. Theme from data-lightbox-theme. The image
// is fitted to its stage, re-fitted 100 ms after the window stops resizing; an image taller than the window keeps
// a top margin of 50 px.
export const LIGHTBOX_RESIZE_DELAY_MS = 100
export const LIGHTBOX_TOP_MARGIN_PX = 50

export interface Size {
  width: number
  height: number
}

/** Where the image goes in a stage: contained, centred; one taller than the stage (at the stage's width) sits the top margin down. */
export function lightboxLayout(image: Size, stage: Size): Size & { top: number } {
  if (image.width <= 0 || image.height <= 0 || stage.width <= 0 || stage.height <= 0) return { width: 0, height: 0, top: 0 }
  const atWidth = image.height * Math.min(1, stage.width / image.width)
  if (atWidth > stage.height) {
    const height = Math.max(0, stage.height - LIGHTBOX_TOP_MARGIN_PX)
    return { width: (image.width * height) / image.height, height, top: LIGHTBOX_TOP_MARGIN_PX }
  }
  const width = Math.min(image.width, stage.width)
  return { width, height: atWidth, top: (stage.height - atWidth) / 2 }
}

export interface LightboxImage {
  src: string
  srcset: string | null
  alt: string
  caption: string
}

export function openLightbox(doc: Document, images: LightboxImage[], start: number, theme: string, opener?: HTMLElement) {
  if (images.length === 0) return null
  let index = Math.min(Math.max(start, 0), images.length - 1)
  const box = doc.createElement('div')
  box.className = 'lightbox'
  box.dataset.theme = theme === 'light' ? 'light' : 'dark'
  box.setAttribute('role', 'dialog')
  box.setAttribute('aria-modal', 'true')
  box.setAttribute('aria-label', 'Image viewer')
  box.tabIndex = -1
  const bar = doc.createElement('div')
  bar.className = 'lightbox-bar'
  const counter = doc.createElement('span')
  counter.setAttribute('aria-live', 'polite')
  const close = button(doc, 'Close', 'lightbox-close')
  bar.append(counter, close)
  const img = doc.createElement('img')
  img.className = 'lightbox-image'
  const stage = doc.createElement('div')
  stage.className = 'lightbox-stage'
  stage.append(img)
  const nav = doc.createElement('div')
  nav.className = 'lightbox-bar'
  const prev = button(doc, 'Previous', 'lightbox-prev')
  const caption = doc.createElement('p')
  caption.className = 'lightbox-caption'
  const next = button(doc, 'Next', 'lightbox-next')
  nav.append(prev, caption, next)
  box.append(bar, stage, nav)

  const show = (i: number) => {
    index = (i + images.length) % images.length
    const it = images[index]!
    img.src = it.src
    if (it.srcset) img.srcset = it.srcset
    else img.removeAttribute('srcset')
    img.sizes = '100vw'
    img.alt = it.alt
    caption.textContent = it.caption
    counter.textContent = `${index + 1} / ${images.length}`
  }
  const fit = () => {
    if (!img.naturalWidth || !img.naturalHeight) return
    const l = lightboxLayout({ width: img.naturalWidth, height: img.naturalHeight }, { width: stage.clientWidth, height: stage.clientHeight })
    img.style.width = `${l.width}px`
    img.style.height = `${l.height}px`
    img.style.marginTop = `${l.top}px`
  }
  const win = doc.defaultView
  let resizeTimer: ReturnType<typeof setTimeout> | undefined
  const onResize = () => {
    clearTimeout(resizeTimer)
    resizeTimer = setTimeout(fit, LIGHTBOX_RESIZE_DELAY_MS)
  }
  img.addEventListener('load', fit)
  win?.addEventListener('resize', onResize)
  const dismiss = () => {
    clearTimeout(resizeTimer)
    win?.removeEventListener('resize', onResize)
    doc.removeEventListener('keydown', onKey)
    box.remove()
    opener?.focus()
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') dismiss()
    else if (e.key === 'ArrowRight') show(index + 1)
    else if (e.key === 'ArrowLeft') show(index - 1)
  }
  close.addEventListener('click', dismiss)
  prev.addEventListener('click', () => show(index - 1))
  next.addEventListener('click', () => show(index + 1))
  box.addEventListener('click', (e) => {
    if (e.target === box) dismiss()
  })
  doc.addEventListener('keydown', onKey)
  if (images.length < 2) nav.replaceChildren(caption)
  show(index)
  doc.body.append(box)
  close.focus()
  return { element: box, show, close: dismiss, index: () => index, fit }
}

function button(doc: Document, label: string, cls: string): HTMLButtonElement {
  const b = doc.createElement('button')
  b.type = 'button'
  b.className = cls
  b.textContent = label
  return b
}
