// The generic load-failure texts of SPEC.md section 8, once for every screen and dialog that shows them.

/** A list or search could not be fetched (Existing Files, the product picker). */
export const UNABLE_TO_LOAD_RESULTS = 'Unable to load results'
/** A screen or dialog could not fetch what it opens (Style screen, mailing-list dialog). */
export const UNABLE_TO_LOAD_RETRY = 'Unable to load. Try again.'
/** The site's pages and collections, or a collection's items, could not be fetched. */
export const UNABLE_TO_LOAD_COLLECTIONS = 'Unable to load collections'
