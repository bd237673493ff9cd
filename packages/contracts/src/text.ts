// Plain text as HTML, the one rule for both sides: the server renders a plain-text product description with it, and
// the editor turns an older plain-text description into the rich-text editor's first HTML with it.

/** Escapes text for HTML element content and attribute values. */
export const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Blank-line-separated paragraphs of escaped text; single line breaks become `<br>`. */
export function plainTextToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
}
