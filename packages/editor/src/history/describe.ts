// Words for the history: what a version changed (from its changed paths), who made it and when, and a readable diff
// (text changes inline word by word, block moves, colours as swatches) from the structured diff of one version.
import type { HistoryChange, HistoryKind, HistoryReason, VersionSummary } from '../api/history.js'

export const KIND_LABELS: Record<HistoryKind, string> = {
  page: 'Page',
  item: 'Post or item',
  product: 'Product',
  navigation: 'Navigation',
  styles: 'Site styles',
  form: 'Form',
  settings: 'Settings',
  redirects: 'Redirects',
}

export const REASON_LABELS: Record<HistoryReason, string> = { autosave: 'Saved', publish: 'Published', restore: 'Restored', import: 'Imported' }

/** Columns every write touches: never "what changed". */
const BOOKKEEPING = new Set(['updated_on', 'updated_at', 'created_on', 'created_at', 'published_on', 'search'])

const COLUMN_WORDS: Record<string, string> = {
  layout: 'content',
  html: 'text',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  url_id: 'address',
  slug: 'address',
  navigation_title: 'navigation title',
  main_image_id: 'main image',
}

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~')
/** A path's segments past the part and its row (`/collection/[id]/layout/...` -> `layout`, ...). */
export function fieldPath(path: string): string[] {
  const parts = path.split('/').slice(1).map(unescape)
  return parts.slice(2)
}

const isBlock = (seg: string[]) => seg[0] === 'layout' && seg.includes('blocks')

/** A short label for one changed path. */
function labelOf(path: string): string | null {
  const seg = fieldPath(path)
  // a whole row of a part of many (the navigation's pages, a product's variants) added or removed
  if (seg.length === 0) return path === '' ? null : (unescape(path.split('/')[1] ?? '') || null)
  const column = seg[0]
  if (!column || BOOKKEEPING.has(column)) return null
  if (isBlock(seg)) {
    const after = seg.slice(seg.lastIndexOf('blocks') + 1)
    if (after.length <= 1) return 'blocks'
    return after.includes('html') ? 'text' : 'block settings'
  }
  if (column === 'layout') return seg.includes('sections') && seg.length <= 3 ? 'sections' : 'content'
  if (column === 'styles') return seg[1] === 'colors' || seg[1] === 'colorThemes' ? 'colours' : seg[1] === 'fonts' || seg[1] === 'typography' ? 'fonts' : 'styles'
  if (column === 'navigation' || column === 'ordering') return 'order'
  return COLUMN_WORDS[column] ?? column.replace(/_/g, ' ')
}

/** What a version changed, in a few words: 'Created', 'Deleted', 'Changed text and title', ... */
export function changeSummary(v: Pick<VersionSummary, 'changedPaths' | 'deleted' | 'reason'>): string {
  if (v.deleted) return 'Deleted'
  if (v.changedPaths.length === 1 && v.changedPaths[0] === '') return v.reason === 'restore' ? 'Brought back' : 'Created'
  const labels = [...new Set(v.changedPaths.map(labelOf).filter((l): l is string => l !== null))]
  if (labels.length === 0) return v.reason === 'restore' ? 'Restored as it was' : 'Saved without changes'
  const shown = labels.slice(0, 3)
  const rest = labels.length - shown.length
  const list = shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]!}`
  return `Changed ${list}${rest > 0 ? ` (+${rest} more)` : ''}`
}

export function personName(v: Pick<VersionSummary, 'person' | 'reason'>): string {
  if (!v.person) return v.reason === 'import' ? 'an import' : 'Sitewright'
  return v.person.name || v.person.email || 'someone'
}

/** Why and by whom: 'Saved by Ann', 'Restored by Ann', 'Imported'. */
export function whoLine(v: Pick<VersionSummary, 'person' | 'reason'>): string {
  if (!v.person && v.reason === 'import') return REASON_LABELS.import
  return `${REASON_LABELS[v.reason]} by ${personName(v)}`
}

const pad = (n: number) => String(n).padStart(2, '0')
/** A version's time for people: today 14:05:09, or 3 Mar 2026, 14:05. */
export function when(iso: string, now: Date = new Date()): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  if (d.toDateString() === now.toDateString()) return `Today ${time}`
  return `${d.getDate()} ${d.toLocaleString('en', { month: 'short' })} ${d.getFullYear()}, ${time}`
}

/** The text of an HTML fragment (tags dropped, entities of the editor's text read). */
export function textOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

export type WordPart = { op: 'same' | 'add' | 'remove'; text: string }

/** A word-by-word diff of two texts (longest common subsequence; long texts keep their common start and end). */
export function wordDiff(before: string, after: string): WordPart[] {
  const a = before.split(/(\s+)/).filter(Boolean)
  const b = after.split(/(\s+)/).filter(Boolean)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  const midA = a.slice(start, a.length - end)
  const midB = b.slice(start, b.length - end)
  const out: WordPart[] = []
  const push = (op: WordPart['op'], text: string) => {
    const last = out[out.length - 1]
    if (last && last.op === op) last.text += text
    else if (text) out.push({ op, text })
  }
  push('same', a.slice(0, start).join(''))
  if (midA.length * midB.length > 250_000) {
    push('remove', midA.join(''))
    push('add', midB.join(''))
  } else {
    const n = midA.length
    const m = midB.length
    const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0))
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!)
    let i = 0
    let j = 0
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        push('same', midA[i++]!)
        j++
      } else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) push('remove', midA[i++]!)
      else push('add', midB[j++]!)
    }
  }
  push('same', a.slice(a.length - end).join(''))
  return out
}

export type ReadableChange =
  | { type: 'text'; label: string; parts: WordPart[] }
  | { type: 'colour'; label: string; from: string; to: string }
  | { type: 'move'; label: string }
  | { type: 'block'; label: string; op: 'add' | 'remove'; text: string }
  | { type: 'value'; label: string; from: string; to: string }

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const short = (v: unknown) => {
  const s = typeof v === 'string' ? textOf(v) : v === undefined ? '' : JSON.stringify(v)
  return s.length > 80 ? `${s.slice(0, 77)}…` : s
}
const words = (path: string) => {
  const seg = fieldPath(path).filter((s) => !s.startsWith('[') && !/^\d+$/.test(s) && s !== 'value')
  return seg.map((s) => COLUMN_WORDS[s] ?? s.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()).join(' › ') || 'the object'
}

/** Every text found in a value (a block's html, ...). */
function textsIn(v: unknown): string {
  if (typeof v === 'string') return textOf(v)
  if (Array.isArray(v)) return v.map(textsIn).filter(Boolean).join(' ')
  if (v && typeof v === 'object') return Object.entries(v).filter(([k]) => k !== 'id' && k !== 'type').map(([, x]) => textsIn(x)).filter(Boolean).join(' ')
  return ''
}

/** The diff of one version as people read it: text changes inline, block moves, colours as swatches (at most `max`). */
export function readableChanges(diff: readonly HistoryChange[], max = 30): ReadableChange[] {
  const out: ReadableChange[] = []
  for (const c of diff) {
    const seg = fieldPath(c.path)
    if (c.path === '') continue
    if (seg.length === 0) {
      // a row of a part of many: a page entering or leaving the navigation, a variant added or removed
      if (c.op === 'add' || c.op === 'remove') out.push({ type: 'block', label: `${c.op === 'add' ? 'Added to' : 'Removed from'} ${unescape(c.path.split('/')[1] ?? '')}`, op: c.op, text: short(textsIn(c.op === 'add' ? c.to : c.from)) })
      continue
    }
    if (seg[0] && BOOKKEEPING.has(seg[0])) continue
    const label = words(c.path)
    if (c.op === 'move') out.push({ type: 'move', label: isBlock(seg) ? 'A block moved' : seg.includes('sections') ? 'A section moved' : `${label} moved` })
    else if (isBlock(seg) && seg[seg.length - 1]?.startsWith('[') && (c.op === 'add' || c.op === 'remove')) out.push({ type: 'block', label: c.op === 'add' ? 'Block added' : 'Block removed', op: c.op, text: short(textsIn(c.op === 'add' ? c.to : c.from)) })
    else if (typeof c.from === 'string' && typeof c.to === 'string' && HEX.test(c.from) && HEX.test(c.to)) out.push({ type: 'colour', label, from: c.from, to: c.to })
    else if (c.op === 'replace' && typeof c.from === 'string' && typeof c.to === 'string') out.push({ type: 'text', label: seg.includes('html') ? 'Text' : label, parts: wordDiff(textOf(c.from), textOf(c.to)) })
    else out.push({ type: 'value', label, from: short(c.from), to: short(c.to) })
    if (out.length >= max) break
  }
  return out
}
