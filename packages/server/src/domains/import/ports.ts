// What the import domain needs from the others, as their public functions (bound in app/wire/import.ts).
import type { ProductCreateInput } from '../commerce/index.js'
import type { Content } from '../content/index.js'
import type { Social } from '../social/index.js'
import type { Orm } from '../../platform/db/index.js'

export interface StoredImage {
  id: string
  assetUrl: string
}

/** A product's fields as an import writes them (the shop, type and address are chosen by the import). */
export type ProductInput = Omit<ProductCreateInput, 'collectionId' | 'productType' | 'urlId'>

export interface ImportedProduct {
  id: string
  urlId: string
}

/** A member brought from another platform: no password (they set one with "Forgot password"), their consent to mail kept. */
export interface MemberInput {
  email: string
  name: string
  newsletter: boolean
  verified: boolean
  tags: string[]
  createdAt: Date | null
}

/**
 * Writes take the import's open transaction (`tx`): a record, its source-id mapping and its redirects commit together,
 * so a crash between them cannot leave a record the next run does not know (and would add again). After a commit the
 * import calls `content.changed(siteId)`.
 */
export interface ImportPorts {
  content: Pick<Content, 'createCollection' | 'updateCollection' | 'createItem' | 'updateItem' | 'addRedirects' | 'listCollections' | 'collectionById' | 'reorderCollections' | 'changed'> & {
    itemById: Content['read']['itemById']
  }
  addComment: Social['addComment']
  /** Stores image bytes as a file of the site. */
  storeImage(siteId: string, filename: string, bytes: Buffer, meta: { altText?: string; title?: string }): Promise<StoredImage>
  /** The stored images among `ids` (a mapped image the owner deleted since is fetched again). */
  imagesOf(siteId: string, ids: string[]): Promise<Map<string, StoredImage>>
  /** Fetches an image through the guarded fetcher (public addresses, size cap, timeout); throws FetchRefused. */
  fetchImage(url: string): Promise<{ bytes: Buffer; contentType: string | null }>
  commerce: {
    createProduct(siteId: string, input: ProductCreateInput, tx?: Orm): Promise<ImportedProduct>
    /** Changes an imported product (fields and the whole variant matrix), validated as the owner API does. */
    updateProduct(siteId: string, productId: string, patch: ProductInput, tx?: Orm): Promise<ImportedProduct>
    productById(siteId: string, productId: string): Promise<{ id: string; collectionId: string; urlId: string } | null>
    countProducts(siteId: string, collectionId: string): Promise<number>
  }
  /** Adds a member; 'exists' when the email is a member of the site already (left as they are). */
  addMember(siteId: string, input: MemberInput, tx?: Orm): Promise<{ id: string } | 'exists'>
}
