// The Pages section: the page tree beside the selected page's editor, a collection's items, or site styles.
import { useEffect, useState } from 'react'
import { useNavigation } from '../app/navigation.js'
import { PageEditor } from '../editor/page/PageEditor.js'
import { LinkTargetsProvider } from '../editor/page/linkTargets.js'
import { useServices } from '../services/services.js'
import { previewUrl, StyleScreen } from '../style/StyleScreen.js'
import { AddPageForm } from '../structure/AddPageForm.js'
import { CollectionItems } from '../structure/CollectionItems.js'
import { PageTree } from '../structure/PageTree.js'
import { hasItems } from '../structure/tree.js'
import { StartFromTemplate } from '../starters/StartFromTemplate.js'
import { pagesPath, parsePagesPath } from './paths.js'
import { usePageTree } from './usePageTree.js'

/** The navigation's unpublished draft: preview it, discard it, or publish it (visitors see the published one until then). */
function NavigationDraftBar({ siteId, publish, discard }: { siteId: string; publish(): Promise<string | null>; discard(): Promise<string | null> }) {
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (action: () => Promise<string | null>) => {
    setBusy(true)
    setProblem(await action())
    setBusy(false)
  }
  return (
    <div className="draft-bar" role="region" aria-label="Unpublished navigation">
      <span className="status-pill draft">Navigation not published</span>
      <span className="muted">Visitors see the published navigation until you publish.</span>
      <a className="button secondary small" href={previewUrl(siteId)} target="_blank" rel="noopener">
        Preview
      </a>
      <button type="button" className="button secondary small" disabled={busy} onClick={() => void run(discard)}>
        Discard
      </button>
      <button type="button" className="button primary small" disabled={busy} onClick={() => void run(publish)}>
        Publish navigation
      </button>
      {problem && <span className="field-error" role="alert">{problem}</span>}
    </div>
  )
}

export function PagesScreen() {
  const { site, siteId } = useServices()
  const { pathname, navigate } = useNavigation()
  const route = parsePagesPath(pathname, siteId)
  const tree = usePageTree()
  const open = (id: string) => navigate(pagesPath(siteId, { view: 'collection', id }))
  const current = route.view === 'collection' ? tree.collections?.find((c) => c.id === route.id) : undefined
  // The page tree folds away beside the canvas: below 1400 px it starts folded, decided before the first paint (signing
  // in lands on the overview, which opens the home page: a list shown first and folded then moved the whole screen).
  const [treeHidden, setTreeHidden] = useState(() => typeof window !== 'undefined' && window.innerWidth < 1400)
  // Below 1400 px the shown list floats over the canvas as a drawer: opening a page closes it, as a drawer does, so it
  // never sits over the page being edited or the dialogs its panel opens ('Show pages' brings it back).
  const currentId = current?.id
  useEffect(() => {
    if (currentId && typeof window !== 'undefined' && window.innerWidth < 1400) setTreeHidden(true)
  }, [currentId])
  // Pages opens on the home page in the canvas (signing in lands here), not on an empty 'Choose a page' screen.
  const home = route.view === 'overview' ? tree.collections?.find((c) => c.homepage) : undefined
  useEffect(() => {
    if (home) navigate(pagesPath(siteId, { view: 'collection', id: home.id }), { replace: true })
  }, [home, navigate, siteId])
  // A site with no pages yet can still be filled from a starter: the owner who left the chooser finds it here.
  const empty = route.view === 'overview' && tree.collections?.length === 0
  // folded while a page is edited, and on the overview until the pages are known (it is about to open the home page)
  const opening = route.view === 'overview' && ((!tree.collections && !tree.error) || home !== undefined)
  const folded = treeHidden && (current !== undefined || opening)

  return (
    <LinkTargetsProvider collections={tree.collections ?? []}>
      <div className={`pages-screen${folded ? ' tree-hidden' : ''}${opening ? ' opening' : ''}`}>
        <aside className="pages-side" aria-label="Site pages">
          {current && (
            <button type="button" className="button secondary small tree-toggle" aria-expanded={!treeHidden} onClick={() => setTreeHidden((h) => !h)}>
              {treeHidden ? 'Show pages' : 'Hide pages'}
            </button>
          )}
          <a
            className="style-link"
            href={pagesPath(siteId, { view: 'style' })}
            aria-current={route.view === 'style' ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault()
              navigate(pagesPath(siteId, { view: 'style' }))
            }}
          >
            Site styles
          </a>
          {tree.error && (
            <p className="alert" role="alert">
              {tree.error}{' '}
              <button type="button" className="button secondary small" onClick={() => void tree.reload()}>
                Try again
              </button>
            </p>
          )}
          {tree.navigationUnpublished && !folded && <NavigationDraftBar siteId={siteId} publish={tree.publishNavigation} discard={tree.discardNavigation} />}
          {/* not rendered while folded (it is out of sight, and it was most of the first screen's rendering) */}
          {tree.collections && !folded && (
            <PageTree
              collections={tree.collections}
              currentId={current?.id ?? null}
              actions={{ open, rename: tree.rename, move: (...a) => void tree.move(...a), remove: (id) => void tree.remove(id).then(() => id === current?.id && navigate(pagesPath(siteId, { view: 'overview' }))), duplicate: (id) => void tree.duplicate(id).then((made) => made && open(made.id)) }}
            />
          )}
          {/* shown with the tree, not before it: the tree arriving above it pushed it (and the screen) down */}
          {(tree.collections || tree.error) && (
            <AddPageForm
              onCreate={async (input) => {
                const made = await tree.create(input)
                if (typeof made === 'string') return made
                open(made.id)
                return null
              }}
            />
          )}
        </aside>
        <div className="pages-main">
          {route.view === 'style' && <StyleScreen />}
          {route.view === 'overview' && (
            <section aria-labelledby="section-title">
              <h1 id="section-title" tabIndex={-1}>
                Pages
              </h1>
              {empty ? <StartFromTemplate site={site} /> : home ? <p role="status">Opening the home page…</p> : tree.collections || tree.error ? <p className="lead">Choose a page to edit its blocks, or add a page.</p> : <p role="status">Loading…</p>}
            </section>
          )}
          {route.view === 'collection' && !current && tree.collections && (
            <p role="alert" className="alert">
              This page does not exist any more.
            </p>
          )}
          {current && (hasItems(current) ? <CollectionItems key={current.id} collection={current} /> : <PageEditor key={current.id} page={current} onPageChanged={tree.replace} />)}
        </div>
      </div>
    </LinkTargetsProvider>
  )
}
