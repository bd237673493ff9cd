// Social fragments: share buttons, the Twitter follow button and links in tweet text.
import { escapeAttr } from './escape.js'
import { field, list, nonEmpty, text } from './values.js'
import type { Value } from '../types.js'

/** Record type of image posts (their own asset is the shared image). */
const IMAGE_RECORD = 2

/** Share buttons of an item (`inline`: a span for running text), when the website has share options. */
export function socialButtons(item: Value, website: Value, inline: boolean): string {
  if (list(field(website, 'shareButtonOptions')).length === 0) return ''
  const isImage = field(item, 'recordType') === IMAGE_RECORD
  const id = isImage ? field(item, 'systemDataId') : field(item, 'mainImageId')
  const asset = isImage ? field(item, 'assetUrl') : field(field(item, 'mainImage'), 'assetUrl')
  const tag = inline ? 'span' : 'div'
  const attrs = [
    `class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}"`,
    `data-system-data-id="${escapeAttr(text(id))}"`,
    `data-asset-url="${escapeAttr(text(asset))}"`,
    `data-record-type="${escapeAttr(text(field(item, 'recordType')))}"`,
    `data-full-url="${escapeAttr(text(field(item, 'fullUrl')))}"`,
    `data-title="${escapeAttr(text(field(item, 'title')))}"`,
  ]
  return `<${tag} ${attrs.join(' ')}></${tag}>`
}

/** The user name of a social account: userName, else the last path segment of profileUrl. */
export function socialUserName(account: Value): string {
  const name = field(account, 'userName')
  if (nonEmpty(name)) return name
  const url = field(account, 'profileUrl')
  if (!nonEmpty(url)) return ''
  const pathPart = url.replace(/[?#].*$/, '').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
  const segments = pathPart.split('/').filter((s) => s !== '')
  return segments[segments.length - 1] ?? ''
}

const FOLLOW_SCRIPT =
  "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { " +
  'Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>'

/** The Twitter follow button of an account; '' without a user name. */
export function twitterFollowButton(account: Value): string {
  const user = socialUserName(account)
  if (user === '') return ''
  return `${FOLLOW_SCRIPT}<div class="squarespace-follow-button" data-username="${escapeAttr(user)}"></div>`
}

const TWEET_TOKENS = /(https?:\/\/[^\s<>"]+)|(^|[^\w&/])@(\w{1,15})|(^|[^\w&/])#(\w+)/g

/** Links in tweet text: URLs, @mentions to the profile, #hashtags to the hashtag search. */
export function activateTwitterLinks(s: string): string {
  return s.replace(TWEET_TOKENS, (_m, url?: string, pre1?: string, user?: string, pre2?: string, tag?: string) => {
    if (url !== undefined) return `<a target="new" href="${escapeAttr(url)}">${url}</a>`
    if (user !== undefined) return `${pre1}<a target="new" href="https://twitter.com/${user}/">@${user}</a>`
    return `${pre2}<a target="new" href="https://twitter.com/hashtag/${tag}?src=hash">#${tag}</a>`
  })
}
