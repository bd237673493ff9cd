// Creates a page or collection (blog, events, gallery, store, folder, index) in a navigation section.
import { useState } from 'react'
import type { Navigation } from '../api/content.js'
import { SelectField } from '../ui/fields.js'
import { LineField } from '../ui/moreFields.js'
import { COLLECTION_KINDS, TREE_SECTIONS } from './tree.js'

export function AddPageForm({ onCreate }: { onCreate(input: { typeName: string; title: string; navigation: Navigation }): Promise<string | null> }) {
  const [typeName, setTypeName] = useState('page')
  const [title, setTitle] = useState('')
  const [navigation, setNavigation] = useState<Navigation>('main')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  return (
    <form
      className="add-page"
      onSubmit={async (e) => {
        e.preventDefault()
        if (!title.trim()) return setError('Enter a title.')
        setBusy(true)
        const problem = await onCreate({ typeName, title: title.trim(), navigation })
        setBusy(false)
        setError(problem)
        if (!problem) setTitle('')
      }}
    >
      <h2>Add a page</h2>
      <SelectField name="typeName" label="Kind" value={typeName} options={COLLECTION_KINDS.map((k) => ({ value: k.typeName, label: k.label }))} onChange={setTypeName} />
      <LineField label="Title" value={title} max={200} error={error ?? undefined} onChange={(v) => { setTitle(v); setError(null) }} />
      <SelectField name="navigation" label="Section" value={navigation} options={TREE_SECTIONS.map((s) => ({ value: s.nav, label: s.label }))} onChange={(v) => setNavigation(v as Navigation)} />
      <button type="submit" className="button primary small" disabled={busy}>
        Add
      </button>
    </form>
  )
}
