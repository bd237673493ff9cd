// The page tree (pure): pages and collections grouped by navigation section, folders holding their children,
// and the moves drag and drop or the keyboard ask for, as the writes the content API needs.
import type { Collection, Navigation } from '../api/content.js'

export const TREE_SECTIONS: readonly { nav: Navigation; label: string }[] = [
  { nav: 'main', label: 'Main navigation' },
  { nav: 'footer', label: 'Footer navigation' },
  { nav: '_hidden', label: 'Not linked' },
  { nav: '_memberareas', label: 'Member areas' },
]

export interface TreeNode {
  collection: Collection
  children: TreeNode[]
}

export function buildTree(collections: readonly Collection[]): Record<Navigation, TreeNode[]> {
  // ties broken by the titles' code units: localeCompare's first call loads the ICU collation data, a long task of
  // ~90 ms (4x CPU) on the editor's first screen, for a tie-break between pages of the same position
  const byOrder = [...collections].sort((a, b) => a.ordering - b.ordering || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0))
  const ids = new Set(byOrder.map((c) => c.id))
  const out: Record<Navigation, TreeNode[]> = { main: [], footer: [], _hidden: [], _memberareas: [] }
  const nodes = new Map(byOrder.map((c) => [c.id, { collection: c, children: [] as TreeNode[] }]))
  for (const c of byOrder) {
    const node = nodes.get(c.id)!
    if (c.parentId && ids.has(c.parentId)) nodes.get(c.parentId)!.children.push(node)
    else (out[c.navigation] ?? out._hidden).push(node)
  }
  return out
}

/** Every id of a section in tree order (parents before their children), as the reorder call takes them. */
export function flatIds(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((n) => [n.collection.id, ...flatIds(n.children)])
}

export interface MovePlan {
  /** A change of section or parent to write first. */
  patch: { navigation?: Navigation; parentId?: string | null } | null
  navigation: Navigation
  /** The new order of the target section. */
  order: string[]
}

/**
 * Moves `id` to position `index` among the top-level pages of section `nav`, or among the children of
 * `parentId` when given. Returns null when nothing would change or the move is impossible.
 */
export function planMove(collections: readonly Collection[], id: string, nav: Navigation, index: number, parentId: string | null = null): MovePlan | null {
  const moving = collections.find((c) => c.id === id)
  if (!moving) return null
  if (parentId === id || (parentId && isInside(collections, parentId, id))) return null
  const tree = buildTree(collections)
  const node = findNode(Object.values(tree).flat(), id) ?? { collection: moving, children: [] }
  const before = ((parentId ? findNode(tree[nav], parentId)?.children : tree[nav]) ?? []).map((n) => n.collection.id)
  const pruned = prune(tree[nav], id)
  const list = [...((parentId ? findNode(pruned, parentId)?.children : pruned) ?? [])]
  const at = Math.max(0, Math.min(list.length, index))
  list.splice(at, 0, node)
  const samePlace = moving.navigation === nav && (moving.parentId ?? null) === parentId
  if (samePlace && before.join() === list.map((n) => n.collection.id).join()) return null
  const patch: MovePlan['patch'] = samePlace ? null : { ...(moving.navigation !== nav ? { navigation: nav } : {}), ...((moving.parentId ?? null) !== parentId ? { parentId } : {}) }
  const rebuilt = parentId ? replaceChildren(pruned, parentId, list) : list
  return { patch, navigation: nav, order: flatIds(rebuilt) }
}

function findNode(nodes: readonly TreeNode[], id: string): TreeNode | undefined {
  for (const n of nodes) {
    if (n.collection.id === id) return n
    const inner = findNode(n.children, id)
    if (inner) return inner
  }
  return undefined
}

function prune(nodes: readonly TreeNode[], id: string): TreeNode[] {
  return nodes.filter((n) => n.collection.id !== id).map((n) => ({ ...n, children: prune(n.children, id) }))
}

function replaceChildren(nodes: readonly TreeNode[], parentId: string, children: TreeNode[]): TreeNode[] {
  return nodes.map((n) =>
    n.collection.id === parentId ? { ...n, children } : { ...n, children: replaceChildren(n.children, parentId, children) },
  )
}

/** Whether `id` is `ancestorId` or lies inside it. */
function isInside(collections: readonly Collection[], id: string, ancestorId: string): boolean {
  let cur = collections.find((c) => c.id === id)
  for (let guard = 0; cur && guard < 100; guard++) {
    if (cur.id === ancestorId) return true
    cur = cur.parentId ? collections.find((c) => c.id === cur!.parentId) : undefined
  }
  return false
}

export const COLLECTION_KINDS: readonly { typeName: string; label: string }[] = [
  { typeName: 'page', label: 'Page' },
  { typeName: 'blog', label: 'Blog' },
  { typeName: 'events', label: 'Events' },
  { typeName: 'gallery', label: 'Gallery' },
  { typeName: 'products', label: 'Store' },
  { typeName: 'folder', label: 'Folder' },
  { typeName: 'index', label: 'Index' },
]

/** Owner words for the kinds the editor does not add itself (never the internal type id). */
const OTHER_KINDS: Record<string, string> = { 'splash-page': 'Cover page', 'template-page': 'Template', subscription: 'Subscription page', generic: 'Page' }

export function kindLabel(typeName: string): string {
  return COLLECTION_KINDS.find((k) => k.typeName === typeName)?.label ?? OTHER_KINDS[typeName] ?? 'Other page'
}

export function hasItems(c: Collection): boolean {
  return ['blog', 'events', 'gallery', 'products'].includes(c.typeName)
}
