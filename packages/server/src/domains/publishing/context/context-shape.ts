// The keys and value types of the published-page context (used by the integration tests to compare real contexts
// with the contract). The source is the context's types in types.ts; context-contract.test.ts checks that every
// shape here and every field list of themes/default/CONTEXT.md name the same fields as those types.

export type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array'
export type Shape = Record<string, Kind | `${Kind}?`>

export const TOP: Shape = {
  pageType: 'number', template: 'string', page: 'object', website: 'object', websiteSettings: 'object', navigation: 'object',
  collection: 'object?', item: 'object?', items: 'array?', pagination: 'object?', layout: 'object?', events: 'object?', search: 'object?',
  comments: 'array?', lock: 'object?', popupOverlay: 'object?', authenticatedAccount: 'object?', shoppingCart: 'object?', filter: 'object?',
  requestPath: 'string', localization: 'object', sitewright: 'object', styles: 'object?', productMerchandisingContext: 'object?', order: 'object?', checkout: 'object?',
}
export const PAGE: Shape = { title: 'string', description: 'string', canonicalUrl: 'string', path: 'string', ogType: 'string', ogImage: 'string?', robots: 'string?' }
export const WEBSITE: Shape = {
  id: 'string', identifier: 'string', siteTitle: 'string', siteDescription: 'string', siteTagLine: 'string?', baseUrl: 'string', language: 'string',
  timeZone: 'string', logoImageUrl: 'string?', socialAccounts: 'array', useCLDRMoneyFormat: 'boolean', memberAccounts: 'boolean?', featureFlags: 'array?',
}
export const SETTINGS: Shape = {
  commentsEnabled: 'boolean', disqusShortname: 'string', simpleLikingEnabled: 'boolean', timeZone: 'string', useCLDRMoneyFormat: 'boolean',
  currency: 'string', storeCurrency: 'object', locale: 'string', storeSettings: 'object',
}
export const NAV_LINK: Shape = { title: 'string', fullUrl: 'string', active: 'boolean', folder: 'boolean', items: 'array?' }
export const COLLECTION: Shape = {
  id: 'string', websiteId: 'string', type: 'number', typeName: 'string', title: 'string', navigationTitle: 'string', urlId: 'string', fullUrl: 'string',
  description: 'string', folder: 'boolean', folderBehavior: 'number', collections: 'array?', tags: 'array', categories: 'array', itemCount: 'number',
  backgroundSource: 'number', mainImage: 'object?', calendarView: 'boolean', showPastOrUpcomingEvents: 'string?', view: 'string?',
  galleryDesign: 'string?', galleryOptions: 'object?', typeLabel: 'string?', homepage: 'boolean', passwordProtected: 'boolean', membersOnly: 'boolean',
  seoHidden: 'boolean',
}
export const ITEM: Shape = {
  id: 'string', collectionId: 'string', recordType: 'number', title: 'string', urlId: 'string', fullUrl: 'string', excerpt: 'string?', body: 'string',
  author: 'object?', addedOn: 'number', publishOn: 'number', updatedOn: 'number', tags: 'array', categories: 'array', assetUrl: 'string?',
  mainImage: 'object?', mainImageId: 'string?', systemDataId: 'string?', externalLink: 'string?', passthrough: 'boolean', sourceUrl: 'string?',
  promotedBlockType: 'string?', publicCommentCount: 'number', commentState: 'number', likeCount: 'number', startDate: 'number?', endDate: 'number?',
  location: 'object?', items: 'array?', structuredContent: 'object?', audioAssetUrl: 'string?', oembed: 'object?', layout: 'object?',
  // gallery images carry their image fields on the item (CONTEXT.md theme notes)
  originalSize: 'string?', mediaFocalPoint: 'object?', systemDataVariants: 'string?', altText: 'string?', filename: 'string?', colorData: 'object?', clickthroughUrl: 'string?', mediaType: 'string?',
}
export const IMAGE: Shape = {
  id: 'string', assetUrl: 'string', originalSize: 'string?', mediaFocalPoint: 'object', colorData: 'object?', altText: 'string', title: 'string', body: 'string',
  filename: 'string', systemDataVariants: 'string', oembed: 'object?', mimeType: 'string?',
}
export const BLOCK: Shape = { id: 'string', type: 'number', typeName: 'string', value: 'object' }
export const COMMENT: Shape = { id: 'string', authorName: 'string', body: 'string', createdOn: 'number', likeCount: 'number', parentId: 'string?', depth: 'number', replies: 'array', replyToName: 'string?' }

const kindOf = (v: unknown): Kind => (Array.isArray(v) ? 'array' : (typeof v as Kind))

/** Problems of `value` against `shape`: missing required keys, wrong types, keys the contract does not name. */
export function shapeProblems(value: unknown, shape: Shape, where: string): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${where}: not an object`]
  const v = value as Record<string, unknown>
  const out: string[] = []
  for (const [key, spec] of Object.entries(shape)) {
    const optional = spec.endsWith('?')
    const kind = spec.replace('?', '') as Kind
    if (!(key in v) || v[key] === undefined) {
      if (!optional) out.push(`${where}.${key}: missing`)
      continue
    }
    if (kindOf(v[key]) !== kind) out.push(`${where}.${key}: ${kindOf(v[key])}, expected ${kind}`)
  }
  for (const key of Object.keys(v)) if (!(key in shape)) out.push(`${where}.${key}: not in the contract`)
  return out
}
