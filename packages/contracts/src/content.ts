// Page content: the block type ids of the specification and the content statuses with their labels.

/** Block type ids of the specification, and the type names the theme dispatches on. */
export const BLOCK_TYPES = {
  navigation: 1,
  html: 2,
  logo: 3,
  map: 4,
  image: 5,
  gallery: 8,
  form: 9,
  comments: 16,
  folder: 17,
  menu: 18,
  summary: 20,
  spacer: 21,
  embed: 22,
  code: 23,
  quote: 31,
  video: 32,
  search: 33,
  audio: 41,
  product: 43,
  markdown: 44,
  newsletter: 51,
  donation: 52,
  button: 53,
  'social-links': 54,
  'member-area': 67,
  accordion: 69,
  chart: 70,
  /** Sitewright's own id: rich text written in the editor (sanitized HTML, no embeds); html 2 stays the raw HTML block. */
  text: 1001,
} as const
export type BlockTypeName = keyof typeof BLOCK_TYPES
export const BLOCK_TYPE_NAMES = Object.keys(BLOCK_TYPES) as BlockTypeName[]
export const BLOCK_NAME_OF_TYPE: ReadonlyMap<number, BlockTypeName> = new Map(
  BLOCK_TYPE_NAMES.map((n) => [BLOCK_TYPES[n], n] as const),
)

/** Content status: published, or one of the spec's labels (Draft, Scheduled, Needs Review, Private). */
export const CONTENT_STATUSES = ['published', 'draft', 'scheduled', 'needs-review', 'private'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]
export const STATUS_LABELS: Record<ContentStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  scheduled: 'Scheduled',
  'needs-review': 'Needs Review',
  private: 'Private',
}
