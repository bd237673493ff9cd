// Shared by the server (which validates and stores) and the editor (which offers and previews): one definition of
// each contract, so the two cannot drift apart.
export * from './content.js'
export * from './forms.js'
export * from './gallery.js'
export * from './slug.js'
export * from './styles.js'
