// The spec's text filters `url-slug` and `url-slug-with-slash`: owner text -> a URL path segment (or path). The
// server stores what they give; the editor shows the address as the owner types.

function words(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['\u2019]/g, '')
}

/** `url-slug`: lower-case ASCII letters, digits and single hyphens; no leading/trailing hyphen. */
export function urlSlug(text: string, max = 200): string {
  return words(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '')
}

/** `url-slug-with-slash`: like url-slug per segment, keeping single slashes between non-empty segments. */
export function urlSlugWithSlash(text: string, max = 200): string {
  return words(text)
    .split('/')
    .map((s) => urlSlug(s, max))
    .filter((s) => s !== '')
    .join('/')
    .slice(0, max)
    .replace(/[-/]+$/, '')
}

/** A stored collection url id as a site path ('/' + urlId). */
export function pathOf(urlId: string): string {
  return `/${urlId}`
}
