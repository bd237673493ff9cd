// The feeds area's face to the rest of the content domain: what its other areas and its index.ts use.
export { createGalleryFeeds, type GalleryFeeds } from './gallery-feeds.js'
export { refuseUnsupportedVideos, vimeoAccountLookup } from './videos.js'
