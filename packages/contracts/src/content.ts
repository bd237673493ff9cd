// Page content: the content statuses with their labels (block type ids are in enums.ts).

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
