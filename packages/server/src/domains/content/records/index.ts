// The records area's face to the rest of the content domain: what its other areas and its index.ts use.
export { type CollectionDto, type PopupOverlaySettings, settingsOf } from './collections.js'
export { type ItemData, itemDataOf, type ItemDto } from './items.js'
export { isLive, type ItemOrder, type SearchHit } from './queries.js'
export { ifMatchVersion, VersionConflict, versionTag } from './versioning.js'
// the collection, item and query services whole, as the domain's index.ts and routes.ts call them (col., itm., q.)
export * as collections from './collections.js'
export * as items from './items.js'
export * as queries from './queries.js'
