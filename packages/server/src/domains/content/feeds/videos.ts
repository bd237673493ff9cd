// Video blocks: Vimeo Basic accounts are unsupported (SPEC.md, editor messages). A layout whose video block points
// at Vimeo is checked against Vimeo's oEmbed answer (`account_type`) before it is saved; a Basic account's video is
// refused with a field message. When Vimeo cannot be asked (offline, timeout) the video is accepted: the check
// must never stop an owner from saving. Base URL from VIMEO_OEMBED_URL (tests point it at a local stand-in).
import { AppError } from '../../../platform/errors.js'

export const VIMEO_BASIC_UNSUPPORTED = 'Videos from Vimeo Basic accounts are not supported. Use a video from a paid Vimeo plan or from another provider.'
export const VIMEO_OEMBED_DEFAULT = 'https://vimeo.com/api/oembed.json'
const LOOKUP_TIMEOUT_MS = 5000
const VIDEO_BLOCK_TYPE = 32

/** The Vimeo account type of a video ('basic', 'plus', 'pro', ...), or null when it cannot be known. */
export type VimeoAccountLookup = (url: string) => Promise<string | null>

export function isVimeoUrl(url: string): boolean {
  try {
    return /^(?:www\.|player\.)?vimeo\.com$/.test(new URL(url).hostname)
  } catch {
    return false
  }
}

export function vimeoAccountLookup(baseUrl: string = process.env.VIMEO_OEMBED_URL || VIMEO_OEMBED_DEFAULT, fetchImpl: typeof fetch = fetch): VimeoAccountLookup {
  return async (url) => {
    try {
      const res = await fetchImpl(`${baseUrl}?url=${encodeURIComponent(url)}`, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS), headers: { accept: 'application/json' } })
      if (!res.ok) return null
      const body = (await res.json()) as { account_type?: unknown }
      return typeof body.account_type === 'string' ? body.account_type.toLowerCase() : null
    } catch {
      return null
    }
  }
}

interface LayoutLike {
  sections: { blocks: { type?: number | undefined; typeName?: string | undefined; value?: unknown }[] }[]
}

/** Refuses (invalid_data, field `sections.i.blocks.j.value.url`) a layout with a Vimeo Basic account's video. */
export async function refuseUnsupportedVideos(layout: LayoutLike | null | undefined, lookup: VimeoAccountLookup): Promise<void> {
  if (!layout) return
  const checks: Promise<string | null>[] = []
  for (const [i, s] of layout.sections.entries()) {
    for (const [j, b] of s.blocks.entries()) {
      const url = (b.value as { url?: unknown } | undefined)?.url
      if ((b.type !== VIDEO_BLOCK_TYPE && b.typeName !== 'video') || typeof url !== 'string' || !isVimeoUrl(url)) continue
      checks.push(lookup(url).then((account) => (account === 'basic' ? `sections.${i}.blocks.${j}.value.url` : null)))
    }
  }
  const refused = (await Promise.all(checks)).filter((f): f is string => f !== null)
  if (refused.length) throw new AppError('invalid_data', 'vimeo_basic_unsupported', VIMEO_BASIC_UNSUPPORTED, { fields: Object.fromEntries(refused.map((f) => [f, VIMEO_BASIC_UNSUPPORTED])) })
}
