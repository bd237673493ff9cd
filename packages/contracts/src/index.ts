// Shared by the server (which validates and stores), the editor (which offers and previews) and the storefront:
// one definition of each contract, so the sides cannot drift apart. `api/` holds the HTTP request and answer shapes
// (types only: they add nothing to a bundle).
export * from './content.js'
export * from './forms.js'
export * from './gallery.js'
export * from './slug.js'
export * from './styles.js'
export * from './api/commerce.js'
export * from './api/content.js'
export * from './api/files.js'
export * from './api/forms.js'
export * from './api/sites.js'
export * from './api/tracking.js'
export * from './api/notify.js'
export * from './cookies.js'
export * from './money.js'
