// The blocks area's face to the rest of the content domain: what its other areas and its index.ts use.
export { BLOCK_VALUE_SCHEMAS, blockInput, blockTypeName, locationSchema, sanitizeBlockValue } from './blocks.js'
export { GALLERY_DEFAULTS, type GalleryOptions, galleryOptionsInput, normalizeGalleryOptions } from './gallery.js'
export { refuseGatedBlocks, type RequireFeature } from './gated.js'
