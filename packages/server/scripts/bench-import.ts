// WXR import: a generated export of N posts (default 5,000; BENCH_IMPORT_POSTS) with comments, tags and internal
// links, imported into a new site on PGlite (in memory): posts/s and the process's peak resident memory (sampled
// every 100 ms) against the idle app's. The file is written to a temp dir and read as a stream twice.
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'
import { buildApp } from '../src/app/index.js'
import { loadConfig } from '../src/platform/config.js'
import { migrate, openPglite } from '../src/platform/db/index.js'

const N = Number(process.env.BENCH_IMPORT_POSTS ?? 5000)
const dir = mkdtempSync(join(tmpdir(), 'sw-bench-import-'))
const file = join(dir, 'export.xml')

async function writeExport() {
  const out = createWriteStream(file)
  const w = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain')
  }
  await w('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Bench</title><link>https://bench.example</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>https://bench.example</wp:base_blog_url>\n')
  const para = '<!-- wp:paragraph --><p>' + 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40) + '</p><!-- /wp:paragraph -->\n'
  for (let i = 1; i <= N; i++) {
    const link = i > 1 ? `<!-- wp:paragraph --><p>See <a href="https://bench.example/2020/01/01/post-${i - 1}/">the previous post</a>.</p><!-- /wp:paragraph -->` : ''
    await w(`<item><title>Post ${i}</title><link>https://bench.example/2020/01/01/post-${i}/</link><dc:creator>admin</dc:creator><content:encoded><![CDATA[<!-- wp:heading --><h2>Heading ${i}</h2><!-- /wp:heading -->${para.repeat(4)}${link}]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded><wp:post_id>${i}</wp:post_id><wp:post_date_gmt>2020-01-01 10:00:00</wp:post_date_gmt><wp:post_name>post-${i}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><category domain="post_tag" nicename="t${i % 50}"><![CDATA[Tag ${i % 50}]]></category><wp:comment><wp:comment_id>${i}</wp:comment_id><wp:comment_author>Reader</wp:comment_author><wp:comment_date_gmt>2020-01-02 10:00:00</wp:comment_date_gmt><wp:comment_content><![CDATA[Nice post ${i}.]]></wp:comment_content><wp:comment_approved>1</wp:comment_approved></wp:comment></item>\n`)
  }
  await w('</channel></rss>\n')
  out.end()
  await once(out, 'finish')
}

await writeExport()
const db = await openPglite(null)
await migrate(db)
const app = await buildApp({ ...loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' }), seedDemo: false, pgliteStorage: 'memory' }, { db, background: false })
const site = await app.sites.ensureUnowned({ title: 'Bench', slug: 'bench' })
global.gc?.()
const idle = process.memoryUsage().rss
let peak = idle
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100)
const started = performance.now()
const report = await app.imports.importFile(site.id, 'wxr', file)
const seconds = (performance.now() - started) / 1000
clearInterval(sampler)
peak = Math.max(peak, process.memoryUsage().rss)
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`
console.log(`WXR import: ${report.counts.posts} posts, ${report.counts.comments} comments, ${report.counts.redirects} redirects from a ${mb(statSync(file).size)} file in ${seconds.toFixed(1)} s: ${(N / seconds).toFixed(1)} posts/s`)
console.log(`  resident memory: idle ${mb(idle)}, peak ${mb(peak)} (+${mb(peak - idle)})`)
await app.close()
rmSync(dir, { recursive: true, force: true })
