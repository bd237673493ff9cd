// WordPress content -> our blocks: block markup (columns as sections, galleries, quotes, buttons, embeds, unknown
// blocks kept as HTML and named) and classic HTML (blank-line paragraphs, [caption] and [gallery] shortcodes,
// addresses on their own line as embeds); and the WXR reader's refusals naming the line.
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { convertContent } from './convert.js'
import { readWxr } from './wxr.js'

describe('convertContent', () => {
  it('turns block markup into our blocks, columns into one section per column', () => {
    const html = [
      '<!-- wp:heading --><h2>Hello</h2><!-- /wp:heading -->',
      '<!-- wp:paragraph --><p>First <a href="/x">link</a>.</p><!-- /wp:paragraph -->',
      '<!-- wp:columns --><div class="wp-block-columns"><!-- wp:column --><div><!-- wp:paragraph --><p>Left</p><!-- /wp:paragraph --></div><!-- /wp:column -->',
      '<!-- wp:column --><div><!-- wp:image {"id":5} --><figure class="wp-block-image aligncenter"><img src="https://img.example/a.jpg" alt="A"/><figcaption>Cap</figcaption></figure><!-- /wp:image --></div><!-- /wp:column --></div><!-- /wp:columns -->',
      '<!-- wp:quote --><blockquote class="wp-block-quote"><p>Be kind.</p><cite>Someone</cite></blockquote><!-- /wp:quote -->',
      '<!-- wp:buttons --><div><!-- wp:button --><div><a class="wp-block-button__link" href="https://example.com/go">Go</a></div><!-- /wp:button --></div><!-- /wp:buttons -->',
      '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=x","type":"video"} --><figure>https://www.youtube.com/watch?v=x</figure><!-- /wp:embed -->',
      '<!-- wp:gallery {"ids":[7,8]} --><figure><ul><li><img src="https://img.example/7.jpg" alt=""/></li><li><img src="https://img.example/8.jpg" alt=""/></li></ul></figure><!-- /wp:gallery -->',
      '<!-- wp:calendar /-->',
      '<!-- wp:latest-posts {"postsToShow":3} --><div>recent</div><!-- /wp:latest-posts -->',
    ].join('\n\n')
    const out = convertContent(html)
    expect(out.sections.map((s) => s.map((b) => b.kind))).toEqual([['text'], ['text'], ['image'], ['quote', 'button', 'embed', 'gallery', 'html']])
    expect(out.sections[0]![0]).toEqual({ kind: 'text', html: '<h2>Hello</h2><p>First <a href="/x">link</a>.</p>' })
    expect(out.sections[2]![0]).toMatchObject({ kind: 'image', src: 'https://img.example/a.jpg', alt: 'A', caption: 'Cap', alignment: 'center' })
    expect(out.sections[3]![0]).toEqual({ kind: 'quote', text: 'Be kind.', source: 'Someone' })
    expect(out.sections[3]![1]).toEqual({ kind: 'button', label: 'Go', url: 'https://example.com/go' })
    expect(out.sections[3]![3]).toMatchObject({ kind: 'gallery', images: [{ src: 'https://img.example/7.jpg', alt: '' }, { src: 'https://img.example/8.jpg', alt: '' }] })
    expect(out.unknown).toEqual(['core/latest-posts'])
  })

  it('reads classic HTML: paragraphs at blank lines, shortcodes, lone addresses', () => {
    const out = convertContent(
      'One line\nand the next.\n\nSecond paragraph.\n\n[caption id="a" align="alignleft" width="150"]<img src="https://img.example/c.jpg" alt="C" /> The caption[/caption]\n\n' +
        '[gallery ids="3,4"]\n\nhttps://vimeo.com/123\n\n<ul><li>a</li></ul>\n\n[contact-form]',
    )
    expect(out.sections).toHaveLength(1)
    const [s] = out.sections
    expect(s!.map((b) => b.kind)).toEqual(['text', 'image', 'gallery', 'embed', 'text'])
    expect(s![0]).toEqual({ kind: 'text', html: '<p>One line<br>and the next.</p><p>Second paragraph.</p>' })
    expect(s![1]).toMatchObject({ kind: 'image', src: 'https://img.example/c.jpg', caption: 'The caption' })
    expect(s![2]).toEqual({ kind: 'gallery', images: [], attachmentIds: ['3', '4'] })
    expect(s![3]).toEqual({ kind: 'embed', url: 'https://vimeo.com/123' })
    expect(s![4]).toEqual({ kind: 'text', html: '<ul><li>a</li></ul><p>[contact-form]</p>' })
    expect(out.unknown).toEqual(['[contact-form]'])
  })
})

const feed = (xml: string) => Readable.from([Buffer.from(xml)])

describe('readWxr', () => {
  it('names the line of malformed XML, and refuses what is not an export', async () => {
    await expect(readWxr(feed('<?xml version="1.0"?>\n<rss>\n<channel>\n<item><title>x</titel></item>'), () => undefined)).rejects.toThrow(/^The file is not well-formed XML: line 4, /)
    await expect(readWxr(feed('<feed xmlns="http://www.w3.org/2005/Atom"></feed>'), () => undefined)).rejects.toThrow('This is not a WordPress export (WXR): the file starts with <feed>, not <rss> (line 1).')
    await expect(readWxr(feed('<rss><channel><title>t</title></channel></rss>'), () => undefined)).rejects.toThrow(/without wp:wxr_version/)
  })

  it('streams items with their comments, terms and meta, a split multi-byte character included', async () => {
    const xml = '<rss xmlns:wp="x" xmlns:content="y"><channel><wp:wxr_version>1.2</wp:wxr_version><item><title>Caf\u00e9 &amp; more&nbsp;!</title><wp:post_id>9</wp:post_id>' +
      '<category domain="post_tag" nicename="t"><![CDATA[Tea]]></category><wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>4</wp:meta_value></wp:postmeta>' +
      '<wp:comment><wp:comment_id>1</wp:comment_id><wp:comment_content><![CDATA[Hi <b>there</b>]]></wp:comment_content></wp:comment></item></channel></rss>'
    const bytes = Buffer.from(xml)
    const cut = bytes.indexOf(0xa9) // the second byte of é
    const items: { title: string; meta: Record<string, string>; terms: unknown[]; comments: { content: string }[] }[] = []
    await readWxr(Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]), (i) => void items.push(i))
    expect(items).toHaveLength(1)
    expect(items[0]!.title).toBe('Caf\u00e9 & more\u00a0!')
    expect(items[0]!.meta).toEqual({ _thumbnail_id: '4' })
    expect(items[0]!.terms).toEqual([{ domain: 'post_tag', slug: 't', name: 'Tea' }])
    expect(items[0]!.comments[0]!.content).toBe('Hi <b>there</b>')
  })
  it('gives items without wp:post_id (hand-written exports such as the theme preview) the id of their ?p= address, else one made from the guid', async () => {
    const xml = '<rss xmlns:wp="x"><channel><wp:wxr_version>1.2</wp:wxr_version>' +
      '<item><title>One</title><link>https://old.example/?p=19</link><wp:status>publish</wp:status></item>' +
      '<item><title>Two</title><link>https://old.example/two/</link><guid isPermaLink="false">https://old.example/?page_id=7</guid><wp:post_type>page</wp:post_type></item>' +
      '<item><title>Three</title><guid>urn:three</guid></item><item><title>Three</title><guid>urn:three</guid></item></channel></rss>'
    const items: { postId: string; postType: string }[] = []
    await readWxr(feed(xml), (i) => void items.push({ postId: i.postId, postType: i.postType }))
    expect(items.slice(0, 2)).toEqual([{ postId: '19', postType: 'post' }, { postId: '7', postType: 'page' }])
    expect(items[2]!.postId).toMatch(/^guid-[0-9a-f]{16}$/)
    // the same record read again has the same id (a re-import updates it)
    expect(items[3]!.postId).toBe(items[2]!.postId)
  })
})
