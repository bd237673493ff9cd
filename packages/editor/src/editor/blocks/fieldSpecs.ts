// Declarative field lists for the blocks whose editors are plain fields. Each field names the value key it edits.

export type FieldSpec =
  | { key: string; label: string; kind: 'text' | 'url'; max?: number; placeholder?: string }
  | { key: string; label: string; kind: 'textarea' | 'code'; max?: number; rows?: number }
  | { key: string; label: string; kind: 'number'; min: number; max: number }
  | { key: string; label: string; kind: 'select'; options: readonly { value: string; label: string }[] }
  | { key: string; label: string; kind: 'checkbox' }

const opts = (...values: string[]) => values.map((v) => ({ value: v, label: v[0]!.toUpperCase() + v.slice(1) }))

export const CODE_LANGUAGES = ['plain', 'html', 'css', 'javascript', 'typescript', 'json', 'python', 'ruby', 'php', 'java', 'c', 'cpp', 'csharp', 'go', 'rust', 'shell', 'sql', 'markdown', 'yaml'] as const

export const FIELD_SPECS: Record<string, readonly FieldSpec[]> = {
  html: [{ key: 'html', label: 'HTML', kind: 'code', rows: 10, max: 200_000 }],
  markdown: [{ key: 'markdown', label: 'Markdown', kind: 'code', rows: 10 }],
  code: [
    { key: 'language', label: 'Language', kind: 'select', options: CODE_LANGUAGES.map((l) => ({ value: l, label: l })) },
    { key: 'lineNumbers', label: 'Show line numbers', kind: 'checkbox' },
    { key: 'code', label: 'Code', kind: 'code', rows: 12, max: 50_000 },
  ],
  spacer: [{ key: 'height', label: 'Height (pixels)', kind: 'number', min: 0, max: 1000 }],
  video: [
    { key: 'url', label: 'Video address', kind: 'url', placeholder: 'https://www.youtube.com/watch?v=…' },
    { key: 'title', label: 'Title', kind: 'text', max: 200 },
    { key: 'caption', label: 'Caption', kind: 'textarea', max: 500, rows: 2 },
  ],
  embed: [
    { key: 'url', label: 'Address (https)', kind: 'url', placeholder: 'https://' },
    { key: 'title', label: 'Title', kind: 'text', max: 200 },
    { key: 'html', label: 'Or embed code', kind: 'code', rows: 6 },
  ],
  search: [{ key: 'placeholder', label: 'Placeholder', kind: 'text', max: 100 }],
  quote: [
    { key: 'text', label: 'Quote', kind: 'textarea', max: 2000, rows: 3 },
    { key: 'source', label: 'Source', kind: 'text', max: 200 },
  ],
  newsletter: [
    { key: 'title', label: 'Title', kind: 'text', max: 200 },
    { key: 'description', label: 'Description', kind: 'textarea', rows: 2 },
    { key: 'placeholder', label: 'Email placeholder', kind: 'text', max: 100 },
    { key: 'buttonText', label: 'Button text', kind: 'text', max: 60 },
  ],
  album: [
    { key: 'title', label: 'Album title', kind: 'text', max: 200 },
    { key: 'artist', label: 'Artist', kind: 'text', max: 200 },
  ],
  audio: [
    { key: 'title', label: 'Title', kind: 'text', max: 200 },
    { key: 'author', label: 'Author', kind: 'text', max: 200 },
  ],
  summary: [
    { key: 'title', label: 'Title', kind: 'text', max: 200 },
    { key: 'design', label: 'Design', kind: 'select', options: opts('list', 'grid', 'carousel') },
    { key: 'limit', label: 'Items shown', kind: 'number', min: 1, max: 30 },
  ],
  chart: [
    { key: 'title', label: 'Title', kind: 'text', max: 200 },
    { key: 'type', label: 'Chart type', kind: 'select', options: opts('bar', 'line') },
  ],
  button: [
    { key: 'label', label: 'Label', kind: 'text', max: 100 },
    { key: 'style', label: 'Style', kind: 'select', options: opts('primary', 'secondary', 'outline') },
    { key: 'size', label: 'Size', kind: 'select', options: opts('small', 'large') },
    { key: 'alignment', label: 'Alignment', kind: 'select', options: opts('center', 'left', 'right') },
  ],
  image: [
    { key: 'caption', label: 'Caption', kind: 'textarea', max: 500, rows: 2 },
    { key: 'alignment', label: 'Alignment', kind: 'select', options: opts('center', 'left', 'right') },
  ],
  form: [{ key: 'title', label: 'Title', kind: 'text', max: 200 }],
  accordion: [{ key: 'title', label: 'Title', kind: 'text', max: 200 }],
  menu: [{ key: 'title', label: 'Title', kind: 'text', max: 200 }],
  donation: [
    { key: 'title', label: 'Title', kind: 'text', max: 200 },
    { key: 'description', label: 'Description', kind: 'textarea', max: 1000, rows: 2 },
    { key: 'buttonText', label: 'Button text', kind: 'text', max: 60 },
    { key: 'recurring', label: 'Offer monthly donations', kind: 'checkbox' },
  ],
}
