import { describe, expect, it } from 'vitest'
import { htmlToText, safeUrl, sanitizeHtml } from './sanitize.js'

describe('sanitizeHtml', () => {
  it('keeps allowed markup and attributes', () => {
    expect(sanitizeHtml('<h2 class="x">Hi</h2><p>A <a href="/about" title="t">link</a> &amp; <em>more</em></p>')).toBe(
      '<h2 class="x">Hi</h2><p>A <a href="/about" title="t">link</a> &amp; <em>more</em></p>',
    )
  })

  it('drops scripts, styles and their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe('<p>a</p><p>b</p>')
    expect(sanitizeHtml('<SCRIPT src="x.js"></SCRIPT >ok')).toBe('ok')
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>x')).toBe('x')
  })

  it('drops event handlers and style attributes', () => {
    expect(sanitizeHtml('<img src="/a.png" onerror="alert(1)" style="position:fixed" alt="a">')).toBe('<img src="/a.png" alt="a">')
    expect(sanitizeHtml('<p onclick=alert(1) ONMOUSEOVER="x">t</p>')).toBe('<p>t</p>')
  })

  it('removes javascript:, vbscript: and data: URLs, also when disguised', () => {
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'jav&#x61;script:alert(1)', 'jav\tascript:alert(1)', 'javascript&colon;alert(1)', 'vbscript:x', 'data:text/html,<script>']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>')
    }
    expect(safeUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1')
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c')
  })

  it('drops unknown tags but keeps their text; forms and inputs never survive', () => {
    expect(sanitizeHtml('<form action="/x"><input name="a"><button>Go</button></form>')).toBe('Go')
    expect(sanitizeHtml('<blink>hey</blink>')).toBe('hey')
  })

  it('allows https iframes only, sandboxed, and not in rich text', () => {
    expect(sanitizeHtml('<iframe src="https://www.youtube-nocookie.com/embed/x" onload="x()">inner</iframe>')).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/x" sandbox="allow-scripts allow-same-origin allow-popups allow-presentation allow-forms"></iframe>',
    )
    expect(sanitizeHtml('<iframe src="http://evil.example/"></iframe>ok')).toBe('ok')
    expect(sanitizeHtml('<iframe src="javascript:alert(1)"></iframe>ok')).toBe('ok')
    expect(sanitizeHtml('<iframe src="https://x.example/"></iframe>ok', { iframes: false })).toBe('ok')
  })

  it('closes open tags, drops stray end tags and comments, escapes stray brackets', () => {
    expect(sanitizeHtml('<div><p>open')).toBe('<div><p>open</p></div>')
    expect(sanitizeHtml('</div>text<!-- <script>x</script> -->')).toBe('text')
    expect(sanitizeHtml('1 < 2 > 0 & x')).toBe('1 &lt; 2 &gt; 0 &amp; x')
    expect(sanitizeHtml('<p title="a&quot;><script>">x</p>')).toBe('<p title="a&quot;&gt;&lt;script&gt;">x</p>')
  })

  it('adds rel=noopener to new-window links and keeps only _blank targets', () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe('<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>')
    expect(sanitizeHtml('<a href="/" target="top">x</a>')).toBe('<a href="/">x</a>')
  })

  it('htmlToText strips tags and decodes entities', () => {
    expect(htmlToText('<p>Tom &amp; <b>Jerry</b></p><script>x</script>')).toBe('Tom & Jerry')
  })
})
