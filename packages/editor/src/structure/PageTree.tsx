// Pages and navigation as a tree: open, rename, move (drag and drop, or buttons), duplicate, delete after confirmation.
import { useState, type DragEvent, type ReactNode } from 'react'
import type { Collection, Navigation } from '../api/content.js'
import { ConfirmDialog } from '../ui/ConfirmDialog.js'
import { TREE_SECTIONS, buildTree, kindLabel, type TreeNode } from './tree.js'

export interface TreeActions {
  open(id: string): void
  rename(id: string, title: string): Promise<string | null>
  move(id: string, nav: Navigation, index: number, parentId?: string | null): void
  remove(id: string): void
  /** Copies a layout page (absent: no copying). */
  duplicate?(id: string): void
}

interface Props {
  collections: readonly Collection[]
  currentId: string | null
  actions: TreeActions
}

export function PageTree({ collections, currentId, actions }: Props) {
  const tree = buildTree(collections)
  const [dragId, setDragId] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<Collection | null>(null)

  const onDrop = (e: DragEvent, nav: Navigation, index: number, parentId: string | null) => {
    e.preventDefault()
    e.stopPropagation()
    const id = dragId ?? e.dataTransfer.getData('text/x-page-id')
    setDragId(null)
    if (id) actions.move(id, nav, index, parentId)
  }

  const list = (nodes: TreeNode[], nav: Navigation, parentId: string | null) => (
    <ul className="tree-list">
      {nodes.map((n, i) => (
        <TreeItem key={n.collection.id} node={n} index={i} count={nodes.length} nav={nav} parentId={parentId} currentId={currentId} actions={actions}
          onDragStart={setDragId} onDrop={onDrop} onDelete={setDeleting} renderChildren={(children) => list(children, nav, n.collection.id)} />
      ))}
    </ul>
  )

  return (
    <nav className="page-tree" aria-label="Pages">
      {TREE_SECTIONS.map((s) => (
        <section key={s.nav} className="tree-section" onDragOver={(e) => e.preventDefault()} onDrop={(e) => onDrop(e, s.nav, tree[s.nav].length, null)} aria-labelledby={`tree-${s.nav}`}>
          <h2 id={`tree-${s.nav}`}>{s.label}</h2>
          {tree[s.nav].length ? list(tree[s.nav], s.nav, null) : <p className="muted drop-hint">Drop pages here</p>}
        </section>
      ))}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.title}?`}
          message={deleting.folder || deleting.typeName !== 'page' ? 'This page and everything in it will be deleted. This cannot be undone.' : 'This page will be deleted. This cannot be undone.'}
          confirmLabel="Delete"
          cancelLabel="Keep"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            actions.remove(deleting.id)
            setDeleting(null)
          }}
        />
      )}
    </nav>
  )
}

interface ItemProps {
  node: TreeNode
  index: number
  count: number
  nav: Navigation
  parentId: string | null
  currentId: string | null
  actions: TreeActions
  onDragStart(id: string): void
  onDrop(e: DragEvent, nav: Navigation, index: number, parentId: string | null): void
  onDelete(c: Collection): void
  renderChildren(children: TreeNode[]): ReactNode
}

function TreeItem({ node, index, count, nav, parentId, currentId, actions, onDragStart, onDrop, onDelete, renderChildren }: ItemProps) {
  const c = node.collection
  const [renaming, setRenaming] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const sections = TREE_SECTIONS.filter((s) => s.nav !== nav)
  return (
    <li onDragOver={(e) => e.preventDefault()} onDrop={(e) => onDrop(e, nav, index, parentId)}>
      <div
        className={`tree-row${c.id === currentId ? ' current' : ''}`}
        onDrop={c.folder ? (e) => onDrop(e, nav, node.children.length, c.id) : undefined}
        title={c.folder ? 'Drop a page here to put it in this folder' : undefined}
      >
        <span className="drag-handle" draggable aria-hidden="true" title="Drag to move" onDragStart={(e) => {
          onDragStart(c.id)
          e.dataTransfer.setData('text/x-page-id', c.id)
        }}>
          ⋮⋮
        </span>
        {renaming === null ? (
          <button type="button" className="tree-link" aria-current={c.id === currentId ? 'page' : undefined} onClick={() => actions.open(c.id)}>
            {c.title}
            <span className="muted"> · {kindLabel(c.typeName)}{c.status !== 'published' ? ` · ${c.status}` : ''}{c.homepage ? ' · home' : ''}</span>
          </button>
        ) : (
          <form className="inline-form" onSubmit={async (e) => {
            e.preventDefault()
            const problem = await actions.rename(c.id, renaming)
            if (problem) setError(problem)
            else setRenaming(null)
          }}>
            <input aria-label={`New title for ${c.title}`} value={renaming} autoFocus onChange={(e) => setRenaming(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)} />
            <button type="submit" className="button small">Save</button>
            {error && <span className="field-error" role="alert">{error}</span>}
          </form>
        )}
        <details className="tree-menu">
          <summary aria-label={`Actions for ${c.title}`}>…</summary>
          <div className="menu">
            <button type="button" onClick={() => { setError(null); setRenaming(c.title) }}>Rename</button>
            <button type="button" disabled={index === 0} onClick={() => actions.move(c.id, nav, index - 1, parentId)}>Move up</button>
            <button type="button" disabled={index === count - 1} onClick={() => actions.move(c.id, nav, index + 1, parentId)}>Move down</button>
            {parentId && <button type="button" onClick={() => actions.move(c.id, nav, 0, null)}>Move out of folder</button>}
            {sections.map((s) => (
              <button key={s.nav} type="button" onClick={() => actions.move(c.id, s.nav, Number.MAX_SAFE_INTEGER, null)}>Move to {s.label}</button>
            ))}
            {actions.duplicate && c.typeName === 'page' && <button type="button" onClick={() => actions.duplicate!(c.id)}>Duplicate</button>}
            <button type="button" className="danger" disabled={c.homepage} onClick={() => onDelete(c)}>Delete</button>
          </div>
        </details>
      </div>
      {node.children.length > 0 && renderChildren(node.children)}
    </li>
  )
}
