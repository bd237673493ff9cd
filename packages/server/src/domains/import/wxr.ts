// Reads a WordPress eXtended RSS export (WordPress 4.x-6.x, Squarespace) as a stream with saxes: the channel's
// authors, categories and tags, then one item at a time (posts, pages, attachments, menu items, with their comments
// and meta), handed to `onItem` and awaited before more of the file is read: memory holds one item, never the file.
import { createHash } from 'node:crypto'
import { SaxesParser } from 'saxes'

interface Tag {
  name: string
  attributes: Record<string, unknown>
}
import { ImportFailure } from './errors.js'

export interface WxrAuthor {
  login: string
  displayName: string
  email: string
}
export interface WxrTerm {
  /** 'category' or 'post_tag' (items), or a custom taxonomy. */
  domain: string
  slug: string
  name: string
  parent?: string
}
export interface WxrComment {
  id: string
  parent: string
  author: string
  authorEmail: string
  dateGmt: string
  date: string
  content: string
  /** '1' approved, '0' awaiting moderation, 'spam', 'trash'. */
  approved: string
  type: string
}
export interface WxrItem {
  /** The line of the file where the item starts (for messages). */
  line: number
  title: string
  link: string
  guid: string
  pubDate: string
  creator: string
  content: string
  excerpt: string
  postId: string
  postDate: string
  postDateGmt: string
  postName: string
  status: string
  parent: string
  menuOrder: string
  postType: string
  password: string
  commentStatus: string
  attachmentUrl: string
  terms: WxrTerm[]
  meta: Record<string, string>
  comments: WxrComment[]
}
export interface WxrChannel {
  title: string
  link: string
  description: string
  baseBlogUrl: string
  wxrVersion: string
  authors: WxrAuthor[]
  categories: WxrTerm[]
  tags: WxrTerm[]
}

/** HTML entities real exports write outside CDATA (XML itself defines only five). */
const HTML_ENTITIES: Record<string, string> = {
  nbsp: '\u00a0', hellip: '\u2026', mdash: '\u2014', ndash: '\u2013', lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d',
  copy: '\u00a9', reg: '\u00ae', trade: '\u2122', laquo: '\u00ab', raquo: '\u00bb', bull: '\u2022', middot: '\u00b7', eacute: '\u00e9',
  egrave: '\u00e8', agrave: '\u00e0', aacute: '\u00e1', uuml: '\u00fc', ouml: '\u00f6', auml: '\u00e4', szlig: '\u00df', euro: '\u20ac',
  pound: '\u00a3', deg: '\u00b0', times: '\u00d7',
}

const blankItem = (line: number): WxrItem => ({
  line, title: '', link: '', guid: '', pubDate: '', creator: '', content: '', excerpt: '', postId: '', postDate: '', postDateGmt: '', postName: '',
  status: '', parent: '', menuOrder: '', postType: '', password: '', commentStatus: '', attachmentUrl: '', terms: [], meta: {}, comments: [],
})
const blankComment = (): WxrComment => ({ id: '', parent: '', author: '', authorEmail: '', dateGmt: '', date: '', content: '', approved: '1', type: '' })

const ITEM_FIELDS: Record<string, keyof WxrItem> = {
  title: 'title', link: 'link', guid: 'guid', pubDate: 'pubDate', 'dc:creator': 'creator', 'content:encoded': 'content', 'excerpt:encoded': 'excerpt',
  'wp:post_id': 'postId', 'wp:post_date': 'postDate', 'wp:post_date_gmt': 'postDateGmt', 'wp:post_name': 'postName', 'wp:status': 'status',
  'wp:post_parent': 'parent', 'wp:menu_order': 'menuOrder', 'wp:post_type': 'postType', 'wp:post_password': 'password',
  'wp:comment_status': 'commentStatus', 'wp:attachment_url': 'attachmentUrl',
}
const COMMENT_FIELDS: Record<string, keyof WxrComment> = {
  'wp:comment_id': 'id', 'wp:comment_parent': 'parent', 'wp:comment_author': 'author', 'wp:comment_author_email': 'authorEmail',
  'wp:comment_date_gmt': 'dateGmt', 'wp:comment_date': 'date', 'wp:comment_content': 'content', 'wp:comment_approved': 'approved', 'wp:comment_type': 'type',
}

/**
 * Streams the export: `onItem` is awaited for each item in file order. Throws ImportFailure naming the line for
 * malformed XML or a file that is not a WXR export. Answers the channel (title, authors, terms).
 */
export async function readWxr(source: AsyncIterable<Buffer | string>, onItem: (item: WxrItem, channel: WxrChannel) => Promise<void> | void): Promise<WxrChannel> {
  const parser = new SaxesParser({ position: true })
  Object.assign(parser.ENTITIES, HTML_ENTITIES)
  const channel: WxrChannel = { title: '', link: '', description: '', baseBlogUrl: '', wxrVersion: '', authors: [], categories: [], tags: [] }
  const ready: WxrItem[] = []
  const stack: string[] = []
  let text = ''
  let item: WxrItem | null = null
  let comment: WxrComment | null = null
  let author: WxrAuthor | null = null
  let term: (WxrTerm & { kind: 'category' | 'tag' | 'term' }) | null = null
  let meta: { key: string; value: string } | null = null
  let itemTerm: WxrTerm | null = null
  let sawRoot = false

  parser.on('opentag', (tag: Tag) => {
    const name = tag.name
    if (!sawRoot) {
      sawRoot = true
      if (name !== 'rss') throw new ImportFailure('wrong_kind', `This is not a WordPress export (WXR): the file starts with <${name}>, not <rss> (line ${parser.line}).`)
    }
    stack.push(name)
    text = ''
    if (name === 'item') item = blankItem(parser.line)
    else if (item && name === 'wp:comment') comment = blankComment()
    else if (item && name === 'wp:postmeta') meta = { key: '', value: '' }
    else if (item && name === 'category' && stack.length >= 2) {
      const attr = (k: string) => (typeof tag.attributes[k] === 'string' ? (tag.attributes[k] as string) : '')
      itemTerm = { domain: attr('domain') || 'category', slug: attr('nicename'), name: '' }
    } else if (!item && name === 'wp:author') author = { login: '', displayName: '', email: '' }
    else if (!item && name === 'wp:category') term = { kind: 'category', domain: 'category', slug: '', name: '' }
    else if (!item && name === 'wp:tag') term = { kind: 'tag', domain: 'post_tag', slug: '', name: '' }
  })
  const onText = (t: string) => {
    text += t
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.on('closetag', (tag: Tag) => {
    const name = tag.name
    stack.pop()
    const value = text
    text = ''
    if (item) {
      if (name === 'item') {
        ready.push(withSourceId(item))
        item = null
      } else if (comment) {
        if (name === 'wp:comment') {
          item.comments.push(comment)
          comment = null
        } else if (COMMENT_FIELDS[name]) comment[COMMENT_FIELDS[name]] = name === 'wp:comment_content' ? value : value.trim()
      } else if (meta) {
        if (name === 'wp:meta_key') meta.key = value.trim()
        else if (name === 'wp:meta_value') meta.value = value
        else if (name === 'wp:postmeta') {
          if (meta.key) item.meta[meta.key] = meta.value
          meta = null
        }
      } else if (itemTerm && name === 'category') {
        itemTerm.name = value.trim()
        item.terms.push(itemTerm)
        itemTerm = null
      } else if (stack[stack.length - 1] === 'item' && ITEM_FIELDS[name]) {
        const field = ITEM_FIELDS[name]
        ;(item as unknown as Record<string, string>)[field] = field === 'content' || field === 'excerpt' ? value : value.trim()
      }
      return
    }
    const v = value.trim()
    if (author) {
      if (name === 'wp:author_login') author.login = v
      else if (name === 'wp:author_display_name') author.displayName = v
      else if (name === 'wp:author_email') author.email = v
      else if (name === 'wp:author') {
        channel.authors.push(author)
        author = null
      }
    } else if (term) {
      if (name === 'wp:category_nicename' || name === 'wp:tag_slug') term.slug = v
      else if (name === 'wp:cat_name' || name === 'wp:tag_name') term.name = v
      else if (name === 'wp:category_parent') term.parent = v
      else if (name === 'wp:category' || name === 'wp:tag') {
        const { kind, ...t } = term
        ;(kind === 'category' ? channel.categories : channel.tags).push(t)
        term = null
      }
    } else if (stack[stack.length - 1] === 'channel') {
      if (name === 'title') channel.title = v
      else if (name === 'link') channel.link = v
      else if (name === 'description') channel.description = v
      else if (name === 'wp:base_blog_url') channel.baseBlogUrl = v
      else if (name === 'wp:wxr_version') channel.wxrVersion = v
    }
  })

  const decoder = new TextDecoder('utf-8')
  const write = (chunk: string) => {
    try {
      parser.write(chunk)
    } catch (e) {
      if (e instanceof ImportFailure) throw e
      throw malformed(parser.line, parser.column, e)
    }
  }
  const drain = async () => {
    while (ready.length) await onItem(ready.shift()!, channel)
  }
  for await (const chunk of source) {
    write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))
    await drain()
  }
  write(decoder.decode())
  try {
    parser.close()
  } catch (e) {
    throw malformed(parser.line, parser.column, e)
  }
  await drain()
  if (!sawRoot) throw new ImportFailure('wrong_kind', 'This is not a WordPress export (WXR): the file is empty.')
  if (!channel.wxrVersion && !channel.baseBlogUrl) throw new ImportFailure('wrong_kind', 'This is not a WordPress export (WXR): it is an RSS feed without wp:wxr_version (line 1).')
  return channel
}

/**
 * Exports written by hand or by older tools (the theme-preview WXR) leave out wp:post_id and wp:post_type: the id is
 * then the one WordPress puts in the item's address (`?p=19`, `?page_id=2`), else one made from its guid or link, so
 * a re-import still finds the same record; an item without a type is a post.
 */
function withSourceId(item: WxrItem): WxrItem {
  if (!item.postType && (item.title || item.content)) item.postType = 'post'
  if (item.postId) return item
  for (const u of [item.link, item.guid]) {
    const m = /[?&](?:p|page_id|attachment_id)=(\d+)/.exec(u)
    if (m) {
      item.postId = m[1]!
      return item
    }
  }
  const key = item.guid || item.link || (item.title ? `${item.postType}:${item.title}` : '')
  if (key) item.postId = `guid-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`
  return item
}

function malformed(line: number, column: number, e: unknown): ImportFailure {
  const raw = e instanceof Error ? e.message : String(e)
  // saxes prefixes its messages with "line:column: "
  const message = raw.replace(/^[^:]*?:?\d+:\d+: /, '')
  return new ImportFailure('malformed', `The file is not well-formed XML: line ${line}, column ${column}: ${message}`, line)
}
