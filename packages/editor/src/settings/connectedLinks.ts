// Connected-account links (Settings -> Connected accounts): the draft of one entry, the default title a chosen
// service brings, presence checks, and where the server's per-field messages go. The server owns the format rules
// (https only, lengths); its messages are shown under the fields as-is.
import {
  CONNECTED_LINK_PROVIDERS,
  CONNECTED_LINK_TITLE_MAX,
  type ConnectedLink,
  type ConnectedLinkProvider,
} from '@sitewright/contracts'

export interface LinkDraft {
  /** '' until a service is chosen. */
  provider: ConnectedLinkProvider | ''
  title: string
  url: string
}
export type LinkErrors = Partial<Record<keyof LinkDraft, string>>

export const PROVIDERS = Object.keys(CONNECTED_LINK_PROVIDERS) as ConnectedLinkProvider[]

export const isProvider = (v: string): v is ConnectedLinkProvider => (PROVIDERS as string[]).includes(v)

export const providerLabel = (p: ConnectedLinkProvider): string => CONNECTED_LINK_PROVIDERS[p].label

export const defaultTitle = (p: ConnectedLinkProvider | ''): string => (p ? CONNECTED_LINK_PROVIDERS[p].defaultTitle : '')

export const emptyDraft = (): LinkDraft => ({ provider: '', title: '', url: '' })

export const draftOf = (l: ConnectedLink): LinkDraft => ({ provider: l.provider, title: l.title, url: l.url })

/** The draft with `provider` chosen: its default title ('Order Now' for online food ordering) replaces a title the
 *  owner has not written (empty, or the previous service's default). */
export function chooseProvider(d: LinkDraft, provider: ConnectedLinkProvider | ''): LinkDraft {
  const untouched = !d.title.trim() || d.title.trim() === defaultTitle(d.provider)
  return { ...d, provider, title: untouched ? defaultTitle(provider) : d.title }
}

/** Presence and length checks before anything is sent. */
export function checkDraft(d: LinkDraft): LinkErrors {
  const errors: LinkErrors = {}
  if (!d.provider) errors.provider = 'Choose a service.'
  if (d.title.trim().length > CONNECTED_LINK_TITLE_MAX) errors.title = `Use at most ${CONNECTED_LINK_TITLE_MAX} characters.`
  if (!d.url.trim()) errors.url = 'Enter the address of the page visitors go to.'
  return errors
}

/** The entry a draft saves as (text trimmed). Call only after `checkDraft` found nothing. */
export function linkOf(d: LinkDraft): ConnectedLink {
  if (!d.provider) throw new Error('linkOf: no service chosen')
  return { provider: d.provider, title: d.title.trim(), url: d.url.trim() }
}

/** The whole list to save: `links` with entry `index` replaced by `link` (added at the end when index is null). */
export function listWith(links: readonly ConnectedLink[], index: number | null, link: ConnectedLink): ConnectedLink[] {
  return index === null ? [...links, link] : links.map((l, i) => (i === index ? link : l))
}

/**
 * The server's per-field messages of a save (`connectedLinks.<i>.<field>`) split into those of entry `index`, by
 * field, and the rest (messages about the list or other entries), each as a line of text.
 */
export function serverErrors(fields: Record<string, string>, index: number): { errors: LinkErrors; other: string[] } {
  const errors: LinkErrors = {}
  const other: string[] = []
  for (const [key, message] of Object.entries(fields)) {
    const m = /^connectedLinks\.(\d+)\.(provider|title|url)$/.exec(key)
    if (m && Number(m[1]) === index) errors[m[2] as keyof LinkDraft] = message
    else other.push(message)
  }
  return { errors, other }
}
