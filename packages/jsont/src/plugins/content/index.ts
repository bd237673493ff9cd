// Content helpers other plugin families, the server and tests may use (curated; no `export *`).
export { calendarTime, calendarUrl, DEFAULT_TIME_ZONE, sameDay } from './calendar.js'
export { brightness, colorWeight, DARK_BRIGHTNESS, isDark, LIGHT_VALUE, parseHex, websiteColor } from './colors.js'
export type { Rgb } from './colors.js'
export { commentCount, commentCountListText, commentCountText, commentsEnabled, disqusShortname } from './comments.js'
export { LIKERT_ANSWERS, NOT_ANSWERED, SUMMARY_PARTS, summaryView } from './forms.js'
export type { SummaryLine, SummaryView } from './forms.js'
export {
  altText,
  DESCRIPTION_MAX,
  focalPoint,
  heightForWidth,
  imageMeta,
  INVALID_SIZE_MESSAGE,
  parseSize,
  RESPONSIVE_WIDTHS,
  srcset,
  thumbnailBand,
  widthForHeight,
} from './images.js'
export type { Size } from './images.js'
export { classSlug, itemClasses } from './item-classes.js'
export { RECORD_TYPES } from './enums.js'
export { socialUserName } from './social.js'
