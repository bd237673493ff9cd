// The video wrapper markup: the oembed HTML as an escaped attribute, and an overlay with the poster image.
import { colorDataAttrs } from './colors.js'
import { escapeAttr } from './escape.js'
import { focalPoint } from './images.js'
import { field, isObject, nonEmpty, text } from './values.js'
import type { Value } from '../types.js'

/** Options of the video formatter: 'load-false' marks the wrapper lazy, 'color-data' adds the poster colours. */
export function videoMarkup(item: Value, args: readonly string[]): string {
  if (!isObject(item)) return ''
  const loadFalse = args.includes('load-false')
  const withColors = args.includes('color-data')
  const oembed = field(item, 'oembed')
  let out = '<div class="sqs-video-wrapper"'
  if (loadFalse) out += '  data-load="false"'
  out += ` data-html="${escapeAttr(text(field(oembed, 'html')))}"`
  out += ` data-provider-name="${escapeAttr(text(field(oembed, 'providerName')))}">`
  if (item.overlay) {
    const thumb = nonEmpty(item.mainImageId)
    out += `<div class="sqs-video-overlay${thumb ? '' : ' no-thumb'}" style="opacity: 0;">`
    if (thumb) {
      const attrs = [
        'data-load="false"',
        `data-src="${escapeAttr(text(item.assetUrl))}"`,
        `data-image-dimensions="${escapeAttr(text(item.originalSize))}"`,
        `data-image-focal-point="${escapeAttr(focalPoint(item))}"`,
      ]
      if (withColors) attrs.push(...colorDataAttrs(item.colorData, true))
      out += `<img ${attrs.join(' ')} />`
    }
    out += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>'
  }
  return out + '</div>'
}
