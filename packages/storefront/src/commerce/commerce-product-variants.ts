// Chunk 'commerce-product-variants': wires the product page; the additional-fields form (React) is its own
// chunk, loaded on the first click of a button that uses a form.
import { createChunkLoader } from '../core/chunks.js'
import type { PageDeps, PageModule } from './page-module.js'
import { initProducts } from './product.js'

type FormModule = typeof import('./islands/additional-fields.js')

const forms = createChunkLoader<FormModule>({ 'additional-fields': () => import('./islands/additional-fields.js') })

/** Wires the products under `root` (a page, or a quick view's content). */
export function initRoot(root: ParentNode, deps: PageDeps): void {
  const doc = root.ownerDocument ?? (root as Document)
  initProducts(root, {
    ...deps,
    openForm: async (form, submit) => {
      const m = await forms.load('additional-fields')
      return m.openAdditionalFields(doc, form, submit)
    },
  })
}

export const init: PageModule['init'] = (doc, deps) => initRoot(doc, deps)
