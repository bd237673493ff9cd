// Escaping for the markup the content formatters build in TypeScript: the shared helpers of util/values.ts, plus
// tag stripping for text taken from rich-text bodies.
export { escapeAttr, escapeHtml } from '../../util/values.js'

/** Remove HTML tags, each replaced by one space (so adjacent words stay apart). */
export function stripTags(s: string): string {
  return s.replace(/<[^>]*>/g, ' ')
}
