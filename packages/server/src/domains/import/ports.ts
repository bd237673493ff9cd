// What the import domain needs from the others, as their public functions (bound in app/wire/import.ts).
import type { Content } from '../content/index.js'
import type { Social } from '../social/index.js'

export interface StoredImage {
  id: string
  assetUrl: string
}

export interface ImportPorts {
  content: Pick<Content, 'createCollection' | 'updateCollection' | 'createItem' | 'updateItem' | 'addRedirects' | 'listCollections' | 'collectionById'> & {
    itemById: Content['read']['itemById']
  }
  addComment: Social['addComment']
  /** Stores image bytes as a file of the site. */
  storeImage(siteId: string, filename: string, bytes: Buffer, meta: { altText?: string; title?: string }): Promise<StoredImage>
  /** The stored images among `ids` (a mapped image the owner deleted since is fetched again). */
  imagesOf(siteId: string, ids: string[]): Promise<Map<string, StoredImage>>
  /** Fetches an image through the guarded fetcher (public addresses, size cap, timeout); throws FetchRefused. */
  fetchImage(url: string): Promise<{ bytes: Buffer; contentType: string | null }>
}
