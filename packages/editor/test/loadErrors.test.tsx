// @vitest-environment jsdom
// SPEC.md section 8's generic load failures, each where it is shown: 'Unable to load results' (Existing Files, the
// product block's picker), 'Unable to load. Try again.' (the Style screen), 'Unable to load collections' (the page
// tree, a collection's items). The APIs answer a server error through the same interfaces the real clients have.
import { afterEach, describe, expect, it } from 'vitest'
import type { ApiResult } from '../src/api/client.js'
import type { StylesApi } from '../src/api/styles.js'
import { NavigationProvider } from '../src/app/navigation.js'
import { ExistingFiles } from '../src/dialogs/files/ExistingFiles.js'
import { ProductBlockEditor } from '../src/editor/blocks/editors/OtherEditors.js'
import { LinkTargetsProvider } from '../src/editor/page/linkTargets.js'
import { usePageTree } from '../src/pages/usePageTree.js'
import { ServicesProvider } from '../src/services/services.js'
import { CollectionItems } from '../src/structure/CollectionItems.js'
import { StyleScreen } from '../src/style/StyleScreen.js'
import { UNABLE_TO_LOAD_COLLECTIONS, UNABLE_TO_LOAD_RESULTS, UNABLE_TO_LOAD_RETRY } from '../src/ui/loadErrors.js'
import { render, waitFor, type Rendered } from './dom.js'
import { collection, contentServer, filesServer, noStyles, SITE, Wrap } from './editorFakes.js'

let r: Rendered | undefined
afterEach(() => {
  r?.unmount()
  r = undefined
  document.body.innerHTML = ''
})

const serverError: ApiResult<never> = { ok: false, error: { kind: 'http', status: 500, type: 'internal', code: 'internal', message: 'Internal error', fields: {} } }
const shows = (text: string) => waitFor(() => document.body.textContent?.includes(text))

describe('generic load failures', () => {
  it('spec texts', () => {
    expect([UNABLE_TO_LOAD_RESULTS, UNABLE_TO_LOAD_RETRY, UNABLE_TO_LOAD_COLLECTIONS]).toEqual(['Unable to load results', 'Unable to load. Try again.', 'Unable to load collections'])
  })

  it("Existing Files: 'Unable to load results' when the list cannot load", async () => {
    r = await render(<Wrap files={filesServer([], { list: async () => serverError })}><ExistingFiles onPick={() => {}} onClose={() => {}} /></Wrap>)
    await shows(UNABLE_TO_LOAD_RESULTS)
  })

  it("product block: 'Unable to load results' when a store's products cannot load", async () => {
    const { api } = contentServer([])
    const store = collection('store', { typeName: 'products', type: 13 })
    r = await render(
      <Wrap content={{ ...api, items: async () => serverError }}>
        <LinkTargetsProvider collections={[store]}>
          <ProductBlockEditor block={{ id: 'b1', type: 43, typeName: 'product', value: {} } as never} onChange={() => {}} onSet={() => {}} />
        </LinkTargetsProvider>
      </Wrap>,
    )
    await shows(UNABLE_TO_LOAD_RESULTS)
    expect(document.querySelector('[role="alert"]')!.textContent).toBe(UNABLE_TO_LOAD_RESULTS)
  })

  it("Style screen: 'Unable to load. Try again.' when the styles cannot load (a 404 is no saved styles)", async () => {
    const failing: StylesApi = { ...noStyles, get: async () => serverError }
    r = await render(
      <NavigationProvider>
        <ServicesProvider site={SITE} apis={{ content: contentServer([]).api, files: filesServer(), styles: failing }}>
          <StyleScreen />
        </ServicesProvider>
      </NavigationProvider>,
    )
    await shows(UNABLE_TO_LOAD_RETRY)
  })

  it("page tree and a collection's items: 'Unable to load collections'", async () => {
    const { api } = contentServer([])
    function Tree() {
      const { error } = usePageTree()
      return <p className="tree-error">{error ?? ''}</p>
    }
    r = await render(<Wrap content={{ ...api, collections: async () => serverError }}><Tree /></Wrap>)
    await waitFor(() => document.querySelector('.tree-error')?.textContent === UNABLE_TO_LOAD_COLLECTIONS)
    r.unmount()
    document.body.innerHTML = ''
    r = await render(<Wrap content={{ ...api, items: async () => serverError }}><CollectionItems collection={collection('blog', { typeName: 'blog', type: 1 })} /></Wrap>)
    await shows(UNABLE_TO_LOAD_COLLECTIONS)
  })
})
