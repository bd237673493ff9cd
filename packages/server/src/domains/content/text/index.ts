// The text area's face to the rest of the content domain: what its other areas and its index.ts use.
export { renderMarkdown } from './markdown.js'
export { htmlToText, sanitizeHtml } from './sanitize.js'
