// A generated WordPress export (WXR) of `n` posts, written as a stream: each post has a heading, four long
// paragraphs, a link to the previous post, one of 50 tags and one approved comment. Used by the import bench
// (scripts/bench-import.ts) and the resumable-import test (src/domains/import/resume.itest.ts).
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'

export interface WxrExportOptions {
  /** The title of post `i` (1-based); `Post i` unless given. */
  title?: (i: number) => string
}

/** How many distinct tags an export of `n` posts has (post i is tagged `Tag i % 50`). */
export const wxrExportTags = (n: number) => Math.min(n, 50)

export async function writeWxrExport(file: string, n: number, opts: WxrExportOptions = {}): Promise<void> {
  const title = opts.title ?? ((i: number) => `Post ${i}`)
  const out = createWriteStream(file)
  const w = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain')
  }
  await w('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Bench</title><link>https://bench.example</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>https://bench.example</wp:base_blog_url>\n')
  const para = '<!-- wp:paragraph --><p>' + 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40) + '</p><!-- /wp:paragraph -->\n'
  for (let i = 1; i <= n; i++) {
    const link = i > 1 ? `<!-- wp:paragraph --><p>See <a href="https://bench.example/2020/01/01/post-${i - 1}/">the previous post</a>.</p><!-- /wp:paragraph -->` : ''
    await w(`<item><title>${title(i)}</title><link>https://bench.example/2020/01/01/post-${i}/</link><dc:creator>admin</dc:creator><content:encoded><![CDATA[<!-- wp:heading --><h2>Heading ${i}</h2><!-- /wp:heading -->${para.repeat(4)}${link}]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded><wp:post_id>${i}</wp:post_id><wp:post_date_gmt>2020-01-01 10:00:00</wp:post_date_gmt><wp:post_name>post-${i}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><category domain="post_tag" nicename="t${i % 50}"><![CDATA[Tag ${i % 50}]]></category><wp:comment><wp:comment_id>${i}</wp:comment_id><wp:comment_author>Reader</wp:comment_author><wp:comment_date_gmt>2020-01-02 10:00:00</wp:comment_date_gmt><wp:comment_content><![CDATA[Nice post ${i}.]]></wp:comment_content><wp:comment_approved>1</wp:comment_approved></wp:comment></item>\n`)
  }
  await w('</channel></rss>\n')
  out.end()
  await once(out, 'finish')
}
