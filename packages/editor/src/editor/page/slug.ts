// The spec's text filters url-slug and url-slug-with-slash, as the owner types a page address.

function words(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['\u2019]/g, '')
}

/** Lower-case letters, digits and single hyphens. */
export function urlSlug(text: string, max = 200): string {
  return words(text).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, max).replace(/-+$/, '')
}

/** url-slug per segment, keeping single slashes between non-empty segments. */
export function urlSlugWithSlash(text: string, max = 200): string {
  return words(text)
    .split('/')
    .map((s) => urlSlug(s, max))
    .filter(Boolean)
    .join('/')
    .slice(0, max)
    .replace(/[-/]+$/, '')
}
