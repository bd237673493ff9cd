// Content predicates: record types, promoted blocks, gallery options, collections and folders, comments, events,
// images, excerpts and links. Item fields are read from the current node; page and site data (collection,
// websiteSettings, gallery options, currentType) are resolved through the scope chain.
import { isTruthy } from '../util/values.js'
import { DEFAULT_TIME_ZONE, sameDay } from './content/calendar.js'
import { commentsEnabled, disqusShortname } from './content/comments.js'
import {
  BACKGROUND_SOURCES,
  CollectionType,
  FolderBehavior,
  GALLERY_ALIGNMENTS,
  GALLERY_BOOLEAN_OPTIONS,
  GALLERY_DESIGNS,
  GALLERY_META_POSITIONS,
  PROMOTED_BLOCK_TYPES,
  RECORD_TYPES,
  SLICE_TYPES,
} from './content/enums.js'
import { field, isObject, list, nonEmpty, num } from './content/values.js'
import type { PluginContext, Predicate, PredicateTable, Value } from './types.js'

const at = (ctx: PluginContext, key: string): Value => field(ctx.node(), key)
const option = (ctx: PluginContext, name: string): Value => field(ctx.resolve('options'), name)
const collectionField = (ctx: PluginContext, key: string): Value => field(ctx.resolve('collection'), key)

/** An item has an image of its own or a main image. */
function hasImage(item: Value): boolean {
  return nonEmpty(field(item, 'mainImageId')) || nonEmpty(field(item, 'systemDataId'))
}

/** Text with something left after stripping whitespace. */
function hasText(v: Value): boolean {
  return typeof v === 'string' && v.trim() !== ''
}

function timeZone(ctx: PluginContext): string {
  for (const p of ['website.timeZone', 'websiteSettings.timeZone']) {
    const tz = ctx.resolve(p)
    if (nonEmpty(tz)) return tz
  }
  return DEFAULT_TIME_ZONE
}

const table: Record<string, Predicate> = {
  'comments?': (_args, ctx) => commentsEnabled(ctx.node(), ctx.resolve('websiteSettings')),
  'disqus?': (_args, ctx) => disqusShortname(ctx.resolve('websiteSettings')) !== '',
  'main-image?': (_args, ctx) => hasImage(ctx.node()),
  'child-images?': (_args, ctx) => hasImage(list(at(ctx, 'items'))[0]),
  'excerpt?': (_args, ctx) => {
    const excerpt = at(ctx, 'excerpt')
    return hasText(isObject(excerpt) ? excerpt.html : excerpt)
  },
  'location?': (_args, ctx) => {
    const loc = at(ctx, 'location')
    return num(field(loc, 'mapLat')) !== undefined && num(field(loc, 'mapLng')) !== undefined
  },
  'passthrough?': (_args, ctx) => at(ctx, 'passthrough') === true && nonEmpty(at(ctx, 'sourceUrl')),
  'external-link?': (_args, ctx) => nonEmpty(at(ctx, 'externalLink')),
  'external-video?': (_args, ctx) => at(ctx, 'promotedBlockType') === 'video',
  'same-day?': (_args, ctx) => sameDay(at(ctx, 'startDate'), at(ctx, 'endDate'), timeZone(ctx)),
  'calendar-view?': (_args, ctx) => at(ctx, 'calendarView') === true,
  'show-past-events?': (_args, ctx) => at(ctx, 'showPastOrUpcomingEvents') === 'past',
  'serviceNameEmail?': (_args, ctx) => at(ctx, 'serviceName') === 'email',
  'clickable?': (_args, ctx) => {
    const b = at(ctx, 'folderBehavior')
    if (b === undefined || b === null) return true
    const n = num(b)
    return n === FolderBehavior.INDEX || n === FolderBehavior.REDIRECT
  },
  'redirect?': (_args, ctx) => num(at(ctx, 'folderBehavior')) === FolderBehavior.REDIRECT,
  'collection?': (_args, ctx) => isTruthy(ctx.resolve('collection')),
  'folder?': (_args, ctx) => isTruthy(collectionField(ctx, 'folder')),
  'index?': (_args, ctx) =>
    isTruthy(collectionField(ctx, 'folder')) && num(collectionField(ctx, 'folderBehavior')) === FolderBehavior.INDEX,
  'collection-page?': (_args, ctx) => num(collectionField(ctx, 'type')) === CollectionType.PAGE,
  'collection-template-page?': (_args, ctx) =>
    num(collectionField(ctx, 'type')) === CollectionType.TEMPLATE_PAGE ||
    num(at(ctx, 'type')) === CollectionType.TEMPLATE_PAGE,
  'collectionTypeNameEquals?': (args, ctx) => {
    const name = ctx.resolve('typeName')
    return args[0] !== undefined && args[0] !== '' && name === args[0]
  },
  'current-type?': (args, ctx) => {
    const code = args[0] === undefined ? undefined : SLICE_TYPES[args[0]]
    return code !== undefined && num(ctx.resolve('currentType')) === code
  },
  'gallery-meta?': (_args, ctx) => isTruthy(option(ctx, 'controls')) || isTruthy(option(ctx, 'indicators')),
}

for (const [name, code] of Object.entries(RECORD_TYPES)) {
  table[`${name}?`] = (_args, ctx) => num(at(ctx, 'recordType')) === code
}
for (const [name, code] of Object.entries(BACKGROUND_SOURCES)) {
  table[`background-source-${name}?`] = (_args, ctx) => num(at(ctx, 'backgroundSource')) === code
}
for (const type of PROMOTED_BLOCK_TYPES) {
  table[`promoted${type.toUpperCase()}?`] = (_args, ctx) => at(ctx, 'promotedBlockType') === type
}
for (const design of GALLERY_DESIGNS) {
  table[`gallery-design-${design}?`] = (_args, ctx) => option(ctx, 'design') === design
}
for (const position of GALLERY_META_POSITIONS) {
  table[`gallery-meta-position-${position}?`] = (_args, ctx) => option(ctx, 'meta-position') === position
}
for (const alignment of GALLERY_ALIGNMENTS) {
  table[`gallery-active-alignment-${alignment}?`] = (_args, ctx) => option(ctx, 'active-alignment') === alignment
}
for (const name of GALLERY_BOOLEAN_OPTIONS) {
  table[`gallery-${name}?`] = (_args, ctx) => isTruthy(option(ctx, name))
}

export const CONTENT_PREDICATES: PredicateTable = Object.freeze(table)
