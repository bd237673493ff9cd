// The render area's face to the rest of the publishing domain: what its other areas and its index.ts use.
export { createPages, LOCKED_MESSAGE, MEMBERS_MESSAGE, type PageQuery, type PageRequest, type PageResult, type Pages, TOO_MANY_GUESSES, WRONG_PASSWORD } from './pages.js'
export { robotsTxt, sitemapXml } from './seo.js'
export { createTheme, DEFAULT_THEME_DIR, type Theme } from './theme.js'
