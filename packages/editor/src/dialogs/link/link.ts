// The Link Editor's rules: five kinds of link, each validated with the spec's messages, and turned into (or
// read back from) the URL stored in blocks.

export const LINK_KINDS = ['page', 'web', 'email', 'phone', 'file'] as const
export type LinkKind = (typeof LINK_KINDS)[number]
export const LINK_KIND_LABELS: Record<LinkKind, string> = {
  page: 'Page',
  web: 'Web Address',
  email: 'Email',
  phone: 'Phone',
  file: 'File',
}

export const EXAMPLE_EMAIL = 'name@example.com'
export const EXAMPLE_HOSTS = ['example.com', 'https://example.com'] as const

export const LINK_MESSAGES = {
  emptyEmail: 'Please enter a valid email',
  emailFormat: (email: string) => `Emails must be formatted as ${email}`,
  webFormat: (a: string, b: string) => `Links must be formatted as ${a} or ${b}`,
  badPage: (val: string) => `${val} is not a valid page URL`,
  notAnOption: (val: string) => `${val} is not one of the expected options`,
  badPhone: 'Please enter a valid phone number',
} as const

export interface LinkDraft {
  kind: string
  value: string
  newWindow: boolean
}

export interface LinkTargets {
  /** Site paths of pages ('/', '/about', '/blog'). */
  pages: readonly { path: string; title: string }[]
  files: readonly { assetUrl: string; filename: string }[]
}

export type LinkCheck = { ok: true; url: string } | { ok: false; error: string }

// Site forms' rule: 3 to 256 characters, local@domain, last label 2 to 4 letters or digits.
const EMAIL = /^[^\s@<>()[\],;:"]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9]{2,4}$/
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/
const PAGE_PATH = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/

function checkWeb(raw: string): LinkCheck {
  const bad = { ok: false as const, error: LINK_MESSAGES.webFormat(...EXAMPLE_HOSTS) }
  const text = raw.trim()
  if (!text || /\s/.test(text)) return bad
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return bad
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return bad
  const labels = url.hostname.split('.')
  if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l)) || !/^[a-z]{2,}$/i.test(labels.at(-1)!))
    return bad
  return { ok: true, url: url.href }
}

function checkPhone(raw: string): LinkCheck {
  const text = raw.trim()
  const digits = text.replace(/\D/g, '')
  if (!/^\+?[0-9 ().-]+$/.test(text) || digits.length < 3 || digits.length > 20)
    return { ok: false, error: LINK_MESSAGES.badPhone }
  return { ok: true, url: `tel:${text.startsWith('+') ? '+' : ''}${digits}` }
}

export function checkLink(draft: LinkDraft, targets: LinkTargets): LinkCheck {
  const value = draft.value.trim()
  switch (draft.kind) {
    case 'page': {
      const [path = ''] = value.split('#')
      if (!PAGE_PATH.test(path) || !targets.pages.some((p) => p.path === path))
        return { ok: false, error: LINK_MESSAGES.badPage(value || '""') }
      return { ok: true, url: value }
    }
    case 'web':
      return checkWeb(value)
    case 'email':
      if (!value) return { ok: false, error: LINK_MESSAGES.emptyEmail }
      if (value.length < 3 || value.length > 256 || !EMAIL.test(value))
        return { ok: false, error: LINK_MESSAGES.emailFormat(EXAMPLE_EMAIL) }
      return { ok: true, url: `mailto:${value}` }
    case 'phone':
      return checkPhone(value)
    case 'file':
      if (!targets.files.some((f) => f.assetUrl === value))
        return { ok: false, error: LINK_MESSAGES.notAnOption(value || '""') }
      return { ok: true, url: value }
    default:
      return { ok: false, error: LINK_MESSAGES.notAnOption(draft.kind) }
  }
}

/** A stored URL back into the editor's fields. */
export function parseLink(url: string, newWindow = false): LinkDraft {
  const text = url.trim()
  if (text.startsWith('mailto:')) return { kind: 'email', value: text.slice(7), newWindow }
  if (text.startsWith('tel:')) return { kind: 'phone', value: text.slice(4), newWindow }
  if (text.startsWith('/files/')) return { kind: 'file', value: text, newWindow }
  if (text.startsWith('/')) return { kind: 'page', value: text, newWindow }
  if (text === '') return { kind: 'page', value: '', newWindow }
  return { kind: 'web', value: text, newWindow }
}
