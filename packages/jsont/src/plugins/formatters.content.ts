// Content formatters: images, colours, sizes, item classes, video and audio, comments and likes, form summaries,
// calendar links. Markup fragments with structure live as JSON-T in content/templates/.
import { calendarUrl } from './content/calendar.js'
import { colorWeight, imageColor, websiteColor } from './content/colors.js'
import { commentCount, commentCountListText, commentCountText, disqusShortname } from './content/comments.js'
import { summaryView } from './content/forms.js'
import {
  INVALID_SIZE_MESSAGE,
  heightForWidth,
  imageMeta,
  imageTag,
  parseSize,
  srcset,
  thumbnailBand,
  widthForHeight,
  type Size,
} from './content/images.js'
import { itemClasses } from './content/item-classes.js'
import { AUDIO_PLAYER } from './content/templates/audio-player.js'
import { COMMENT_LINK, COMMENTS } from './content/templates/comments.js'
import { LIKE_BUTTON } from './content/templates/like-button.js'
import { SUMMARY_FORM_FIELD } from './content/templates/summary-form-field.js'
import { field, isObject, list, num } from './content/values.js'
import { videoMarkup } from './content/video.js'
import type { Formatter, FormatterTable, PluginContext, Value, Variable } from './types.js'

/** Block type code of image blocks (their images carry their own alt text). */
const IMAGE_BLOCK = 5

/** A formatter that replaces the first variable with `fn(value, args, ctx)`. */
function map(fn: (value: Value, args: readonly string[], ctx: PluginContext) => string): Formatter {
  return (vars: Variable[], args, ctx) => {
    const v = vars[0]
    if (v) v.value = fn(v.value, args, ctx)
  }
}

/** A non-negative integer argument (default when missing or malformed). */
function intArg(args: readonly string[], i: number, dflt: number): number {
  const n = num(args[i])
  return n !== undefined && n >= 0 ? Math.floor(n) : dflt
}

/** A size-ratio formatter: the value must be an 'originalSize' 'WxH'; the first argument is the other side. */
function sized(fn: (size: Size, arg: number) => string): Formatter {
  return map((value, args) => {
    const size = parseSize(value)
    if (!size) return INVALID_SIZE_MESSAGE
    const n = num(args[0])
    return n === undefined ? '' : fn(size, n)
  })
}

function commentsBlock(value: Value, ctx: PluginContext): string {
  if (!isObject(value)) return ''
  const disqus = disqusShortname(ctx.resolve('websiteSettings')) !== ''
  const kind = ctx.resolve('collection') === value ? 'collection' : 'item'
  const view = { disqus, kind, id: value.id, count: value.publicCommentCount, state: value.commentState }
  return ctx.renderSource(COMMENTS, view)
}

function commentLink(value: Value, args: readonly string[], ctx: PluginContext): string {
  if (!isObject(value)) return ''
  const disqus = disqusShortname(ctx.resolve('websiteSettings')) !== ''
  const count = commentCount(value)
  let label = count === 1 ? 'Comment' : 'Comments'
  if (count === 0) label = args[0] === 'list' ? commentCountListText(0) : commentCountText(0)
  return ctx.renderSource(COMMENT_LINK, { disqus, id: value.id, url: value.fullUrl, count, label })
}

function likeButton(value: Value, ctx: PluginContext): string {
  if (!isObject(value) || field(ctx.resolve('websiteSettings'), 'simpleLikingEnabled') !== true) return ''
  return ctx.renderSource(LIKE_BUTTON, { id: value.id, likeCount: num(value.likeCount) ?? 0 })
}

export const CONTENT_FORMATTERS: FormatterTable = {
  image: map((value, args, ctx) => {
    if (!isObject(value)) return ''
    return imageTag(value, args[0] ?? 'thumb-image', ctx.resolve('blockType') === IMAGE_BLOCK)
  }),
  'image-meta': map((value) => imageMeta(value)),
  'child-image-meta': map((value, args) => imageMeta(list(field(value, 'items'))[intArg(args, 0, 0)])),
  'cover-image-meta': map((value) => imageMeta(field(value, 'coverImage'))),
  'image-srcset': map((value) => srcset(value)),
  'image-color': map((value, args) => imageColor(value, args)),
  'color-weight': map((value) => colorWeight(value)),
  'website-color': map((value) => websiteColor(value)),
  resizedHeightForWidth: sized((size, w) => String(heightForWidth(size, w))),
  resizedWidthForHeight: sized((size, h) => String(widthForHeight(size, h))),
  squarespaceThumbnailForWidth: sized((_size, w) => thumbnailBand(w)),
  squarespaceThumbnailForHeight: sized((size, h) => thumbnailBand(widthForHeight(size, h))),
  height: map((value) => {
    const size = parseSize(value)
    return size ? String(size.height) : INVALID_SIZE_MESSAGE
  }),
  width: map((value) => {
    const size = parseSize(value)
    return size ? String(size.width) : INVALID_SIZE_MESSAGE
  }),
  'item-classes': map((value, _args, ctx) => {
    const index = num(ctx.resolve('@index'))
    return itemClasses(value, index !== undefined && index > 0 ? index : undefined)
  }),
  video: map((value, args) => videoMarkup(value, args)),
  'audio-player': map((value, _args, ctx) => (isObject(value) ? ctx.renderSource(AUDIO_PLAYER, value) : '')),
  comments: map((value, _args, ctx) => commentsBlock(value, ctx)),
  'comment-link': map((value, args, ctx) => commentLink(value, args, ctx)),
  'comment-count': map((value, args) => {
    const count = commentCount(value)
    return args[0] === 'list' ? commentCountListText(count) : commentCountText(count)
  }),
  'like-button': map((value, _args, ctx) => likeButton(value, ctx)),
  'summary-form-field': map((value, _args, ctx) =>
    isObject(value) ? ctx.renderSource(SUMMARY_FORM_FIELD, summaryView(value)) : '',
  ),
  'google-calendar-url': map((value) => (isObject(value) ? calendarUrl(value) : '')),
}
