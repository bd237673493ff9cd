// The forms owner API (/api/sites/:siteId/forms, .../submissions, /mailing-lists).

/** The settings every form has besides its fields (owner API `{ form }`, create and patch bodies). */
export interface FormSettings {
  name: string
  submissionMessage: string
  submissionHtml: string
  successRedirect: string
  disclaimerMessage: string
  captchaEnabled: boolean
  captchaTheme: string
  captchaAlignment: string
  submitButtonText: string
  notifyEmail: string
  webhookUrl: string
  webhookSecret: string
  mailingListId: string | null
}

export interface SummaryPart {
  name: string
  value: string
}

/** One answer of a submission as lists, CSV and mail show it. */
export interface FieldSummary {
  id: string
  type: string
  title: string
  /** One-line text (what lists and CSV show). */
  text: string
  /** Composite kinds: every part by its name. */
  parts?: SummaryPart[]
  /** Likert: one line per statement; address: its display lines. */
  lines?: { label?: string; text: string }[]
}

export interface Submission {
  id: string
  formId: string
  formName: string
  createdOn: number
  summary: FieldSummary[]
}

export interface SubmissionPage {
  submissions: Submission[]
  total: number
  page: number
  size: number
  hasNextPage: boolean
}

export interface MailingList {
  id: string
  name: string
  subscribers: number
}
