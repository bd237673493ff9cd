// The context area's face to the rest of the publishing domain: what its other areas and its index.ts use.
export { inLocale, innerPath, localizationContext, localize, X_DEFAULT_HREFLANG } from './locale.js'
export { resolvePath, type Target } from './resolve.js'
export { childCollections, collectionContext, fullUrlOf, liveCollection, loadScope, publicCollections, type SiteScope } from './scope.js'
export { type CommentContext, type CommentThreadNode, type Enumerations, type ImageContext, type Json, type LockThrottle, type MemberVisitor, type NavLink, type PageContext, type ProductItem, type PublishingDeps, type SectionContext } from './types.js'
