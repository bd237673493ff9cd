// The published-page template context (`?format=json` of any published page; themes/default/CONTEXT.md): the parts
// more than one side builds or reads.

/** The fields every item of the template context carries (posts, events, gallery images, products). */
export interface ContextItem {
  id: string
  collectionId: string
  recordType: number
  title: string
  urlId: string
  fullUrl: string
  /** HTML; absent when only whitespace. */
  excerpt?: string
  body: string
  /** Epoch ms. */
  addedOn: number
  publishOn: number
  updatedOn: number
  tags: string[]
  categories: string[]
  publicCommentCount: number
  commentState: number
  likeCount: number
  passthrough: boolean
  assetUrl?: string
  mainImageId?: string
  audioAssetUrl?: string
}
