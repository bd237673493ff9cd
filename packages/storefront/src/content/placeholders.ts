// Image placeholders: the theme paints each image's own colour (its colorData, `--ph`) behind it while it loads; once
// the image is in, the colour is dropped, so a transparent image shows the theme's background behind it as before.
const SELECTOR = 'img.image'

/** Drops `--ph` from every image already loaded, and from the others when they load. Answers how many are waiting. */
export function dropPlaceholders(doc: Document): number {
  let waiting = 0
  for (const img of doc.querySelectorAll<HTMLImageElement>(SELECTOR)) {
    if (!img.style.getPropertyValue('--ph')) continue
    if (img.complete && img.naturalWidth > 0) {
      img.style.removeProperty('--ph')
      continue
    }
    waiting++
    img.addEventListener('load', () => img.style.removeProperty('--ph'), { once: true })
  }
  return waiting
}
