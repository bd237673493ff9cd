// The tag and category editor's rules (pure): add, rename one at a time, remove; no duplicates (case-insensitive),
// tags at most 50 characters, categories at most 25.

export type TagType = 'tag' | 'category'
export const TAG_LIMITS: Record<TagType, number> = { tag: 50, category: 25 }

export const TAG_MESSAGES = {
  exists: (t: TagType) => `This ${t} already exists`,
  oneAtATime: (t: TagType) => `You may only edit one ${t} at a time`,
  tooLong: (max: number) => `Use at most ${max} characters.`,
} as const

export interface TagEditorState {
  tagType: TagType
  items: string[]
  editing: { index: number; draft: string } | null
  error: string | null
}

export type TagEvent =
  | { type: 'add'; name: string }
  | { type: 'edit'; index: number }
  | { type: 'change'; draft: string }
  | { type: 'commit' }
  | { type: 'cancel' }
  | { type: 'remove'; index: number }

export function initialTags(tagType: TagType, items: readonly string[]): TagEditorState {
  return { tagType, items: [...items], editing: null, error: null }
}

function problem(s: TagEditorState, name: string, except: number): string | null {
  const max = TAG_LIMITS[s.tagType]
  if ([...name].length > max) return TAG_MESSAGES.tooLong(max)
  const lower = name.toLowerCase()
  if (s.items.some((t, i) => i !== except && t.toLowerCase() === lower)) return TAG_MESSAGES.exists(s.tagType)
  return null
}

export function tagReducer(s: TagEditorState, e: TagEvent): TagEditorState {
  switch (e.type) {
    case 'add': {
      const name = e.name.trim()
      if (!name) return { ...s, error: null }
      const error = problem(s, name, -1)
      return error ? { ...s, error } : { ...s, items: [...s.items, name], error: null }
    }
    case 'edit':
      if (s.editing && s.editing.index !== e.index) return { ...s, error: TAG_MESSAGES.oneAtATime(s.tagType) }
      if (e.index < 0 || e.index >= s.items.length) return s
      return { ...s, editing: { index: e.index, draft: s.items[e.index]! }, error: null }
    case 'change':
      return s.editing ? { ...s, editing: { ...s.editing, draft: e.draft } } : s
    case 'commit': {
      if (!s.editing) return s
      const name = s.editing.draft.trim()
      if (!name) return { ...s, editing: null, error: null }
      const error = problem(s, name, s.editing.index)
      if (error) return { ...s, error }
      const items = s.items.map((t, i) => (i === s.editing!.index ? name : t))
      return { ...s, items, editing: null, error: null }
    }
    case 'cancel':
      return { ...s, editing: null, error: null }
    case 'remove':
      if (s.editing) return { ...s, error: TAG_MESSAGES.oneAtATime(s.tagType) }
      return { ...s, items: s.items.filter((_, i) => i !== e.index), error: null }
  }
}
