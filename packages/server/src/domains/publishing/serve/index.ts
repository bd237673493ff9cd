// The serve area's face to the rest of the publishing domain: what its other areas and its index.ts use.
export { createPageCache, CRUMB_PLACEHOLDER } from './cache.js'
export { createFastPath, type FastPath, type FastPathDeps } from './fast.js'
export { createServer, type PageVersionOf, requestPath, type ServeContext } from './serve.js'
