import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown.js'

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, lists, emphasis, code and links', () => {
    expect(renderMarkdown('## Title\n\nSome **bold** and *em* text with `a<b`.\n\n- one\n- two\n\n1. first\n2. second')).toBe(
      '<h2>Title</h2>\n<p>Some <strong>bold</strong> and <em>em</em> text with <code>a&lt;b</code>.</p>\n<ul><li>one</li><li>two</li></ul>\n<ol><li>first</li><li>second</li></ol>',
    )
    expect(renderMarkdown('[site](/about) and ![pic](/x.png)')).toBe('<p><a href="/about">site</a> and <img src="/x.png" alt="pic"></p>')
    expect(renderMarkdown('```js\nif (a < b) {}\n```')).toBe('<pre><code class="language-js">if (a &lt; b) {}</code></pre>')
    expect(renderMarkdown('> quoted')).toBe('<blockquote><p>quoted</p></blockquote>')
  })

  it('never lets HTML or script URLs through', () => {
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('javascript:')
  })
})
