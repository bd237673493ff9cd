// Site slugs are host labels: <slug>.<rootDomain> addresses a site.
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/
export const SLUG_MESSAGE =
  'Use 3 to 40 lowercase letters, digits or hyphens, starting and ending with a letter or digit.'
