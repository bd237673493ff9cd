// Stored layouts -> context layouts: every block value resolved (images, gallery items, summary items, markdown,
// forms, products, video embeds) into the shapes of CONTEXT.md "Block value shapes".
import { BLOCK_TYPES, RECORD_TYPES, normalizeGalleryOptions, renderMarkdown, restore, type BlockTypeName, type StoredBlock, type StoredLayout } from '../../content/index.js'
import { itemContexts } from './items.js'
import { liveCollection, type SiteScope } from '../context/index.js'
import type { ImageContext, Json, SectionContext } from '../context/index.js'
import { DONATION_DEFAULT_PRESETS, formatTrackDuration, GALLERY_ACCOUNT_SIZE, fractionDigits, type SectionStyle } from '@sitewright/contracts'
import { videoEmbed } from './video.js'

const NAMES = new Map<number, BlockTypeName>(Object.entries(BLOCK_TYPES).map(([n, t]) => [t, n as BlockTypeName]))
const str = (x: unknown) => (typeof x === 'string' ? x : undefined)
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : [])

/** The context layout of a stored (any version) layout document. */
/** `pageId`: the page the layout belongs to (a donation block links to its DONATE page by page and block). */
export async function layoutContext(scope: SiteScope, raw: unknown, pageId?: string): Promise<{ sections: { id: string; blocks: Json[]; style?: SectionContext }[] } | undefined> {
  if (raw == null) return undefined
  const layout = translated(restore('layout', raw), pageId ? scope.locale.pages.get(pageId) : undefined)
  // one batch for every image the layout refers to
  const ids: string[] = []
  for (const s of layout.sections)
    for (const b of s.blocks) {
      const v = b.value
      if (typeof v.imageId === 'string') ids.push(v.imageId)
      if (typeof v.thumbnailImageId === 'string') ids.push(v.thumbnailImageId)
      if (typeof v.coverImageId === 'string') ids.push(v.coverImageId)
      for (const id of arr(v.imageIds)) if (typeof id === 'string') ids.push(id)
    }
  for (const s of layout.sections) if (s.style?.imageId) ids.push(s.style.imageId)
  const images = await scope.images(ids)
  const themed = layout.sections.some((s) => s.style?.background === 'theme')
  const colorThemes = themed && scope.deps.colorThemes ? await scope.deps.colorThemes(scope.site.id, scope.preview) : new Map<string, { name: string; value: string }[]>()
  const formIds = layout.sections.flatMap((s) => s.blocks.map((b) => str(b.value.formId)).filter((x): x is string => !!x))
  const forms = formIds.length && scope.deps.forms ? await scope.deps.forms(scope.site.id, formIds) : new Map<string, unknown>()
  const sections = []
  for (const s of layout.sections) {
    const blocks: Json[] = []
    for (const b of s.blocks) {
      const typeName = NAMES.get(b.type)
      if (!typeName) continue
      const value = await blockValue(scope, typeName, b, images, forms, pageId)
      if (value) blocks.push({ id: b.id, type: b.type, typeName, value })
    }
    const style = s.style ? sectionContext(s.style, images, colorThemes) : undefined
    sections.push(style ? { id: s.id, blocks, style } : { id: s.id, blocks })
  }
  return { sections }
}

/** The layout with a page's translated block fields (`<blockId>.<prop>`) in place of the default text. */
function translated(layout: StoredLayout, fields: Record<string, string> | undefined): StoredLayout {
  if (!fields) return layout
  return {
    ...layout,
    sections: layout.sections.map((s) => ({
      ...s,
      blocks: s.blocks.map((b) => {
        const mine = Object.entries(fields).filter(([k]) => k.startsWith(`${b.id}.`))
        return mine.length ? { ...b, value: { ...b.value, ...Object.fromEntries(mine.map(([k, v]) => [k.slice(b.id.length + 1), v])) } } : b
      }),
    })),
  }
}

/** Only the parts that resolve are kept: a deleted colour theme or image leaves the section without a background. */
export function sectionContext(st: SectionStyle, images: ReadonlyMap<string, ImageContext>, colorThemes: ReadonlyMap<string, { name: string; value: string }[]>): SectionContext | undefined {
  const vars = st.background === 'theme' && st.colorThemeId ? colorThemes.get(st.colorThemeId) : undefined
  const image = st.background === 'image' && st.imageId ? images.get(st.imageId) : undefined
  const background = vars ? 'theme' : image?.assetUrl ? 'image' : 'none'
  if (background === 'none' && st.padding === 'M') return undefined
  const out: SectionContext = { background, padding: st.padding, classes: `section-pad-${st.padding.toLowerCase()}${background === 'none' ? '' : ` section-bg-${background}`}` }
  // hex colours and color-mix() of hex colours only (checked by the sites domain); the URL with quotes and
  // parentheses percent-encoded so it cannot leave url("...")
  if (vars) out.inline = vars.filter((v) => /^--[a-z-]+$/.test(v.name) && /^[#a-z0-9(),.% -]+$/i.test(v.value)).map((v) => `${v.name}:${v.value}`).join(';')
  if (background === 'image' && image?.assetUrl) {
    const url = image.assetUrl.replace(/["'()\\\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    out.inline = `background-image:url("${url}")`
    out.image = image
    const focal = (image as { mediaFocalPoint?: { x?: number; y?: number } }).mediaFocalPoint
    if (focal && typeof focal.x === 'number' && typeof focal.y === 'number') out.inline += `;background-position:${Math.round(focal.x * 100)}% ${Math.round(focal.y * 100)}%`
  }
  return out
}

async function blockValue(scope: SiteScope, name: BlockTypeName, b: StoredBlock, images: ReadonlyMap<string, ImageContext>, forms: ReadonlyMap<string, unknown>, pageId?: string): Promise<Json | null> {
  const v = b.value
  switch (name) {
    case 'markdown':
      return { html: renderMarkdown(str(v.markdown) ?? '') }
    case 'image': {
      const image = str(v.imageId) ? images.get(v.imageId as string) : undefined
      if (!image) return null
      const { imageId: _id, ...rest } = v
      return { ...rest, image }
    }
    case 'gallery': {
      const options = normalizeGalleryOptions(v.options)
      let items: Json[] = []
      if (v.source === 'accounts') {
        items = await accountItems(scope, arr(v.accounts))
      } else if (str(v.collectionId)) {
        const c = scope.byId.get(v.collectionId as string)
        if (liveCollection(scope, c) && c.lock === 'none') {
          const { rows } = await scope.content.liveItems(scope.site.id, c.id, { now: scope.now, limit: 250, order: 'manual' })
          items = await itemContexts(scope, rows)
        }
      } else {
        // per-image links (owner-entered, checked by the content schema) become the item's clickthrough address
        const links = v.links && typeof v.links === 'object' && !Array.isArray(v.links) ? (v.links as Record<string, unknown>) : {}
        items = arr(v.imageIds)
          .map((id) => (typeof id === 'string' ? images.get(id) : undefined))
          .filter((img): img is ImageContext => !!img)
          .map((img) => {
            const link = typeof img.id === 'string' ? links[img.id] : undefined
            return { ...img, recordType: RECORD_TYPES.IMAGE, mediaType: 'imageReused', mediaFocalPoint: img.mediaFocalPoint ?? { x: 0.5, y: 0.5 }, ...(typeof link === 'string' && link ? { clickthroughUrl: link } : {}) }
          })
      }
      return { items, options }
    }
    case 'summary':
      return summary(scope, v)
    case 'video': {
      const url = str(v.url) ?? ''
      const out: Json = { url, ...(v.title ? { title: v.title } : {}), ...(v.caption ? { caption: v.caption } : {}) }
      const thumb = str(v.thumbnailImageId) ? images.get(v.thumbnailImageId as string) : undefined
      if (thumb) out.thumbnail = thumb
      const oembed = videoEmbed(url, str(v.title))
      if (oembed) out.oembed = { html: oembed.html, providerName: oembed.providerName }
      return out
    }
    case 'album':
      return albumValue(v, images)
    case 'form':
    case 'newsletter': {
      const formId = str(v.formId)
      const form = formId ? forms.get(formId) : undefined
      return { ...v, ...(form ? { form } : {}) }
    }
    case 'product': {
      const id = str(v.productId)
      const getter = scope.deps.products?.getProductsByIds
      const [item] = id && getter ? await getter(scope.site.id, [id]) : []
      return item ? { item } : null
    }
    case 'social-links': {
      const accounts = arr(v.accounts)
      return accounts.length ? { accounts } : {}
    }
    case 'spacer':
      return { height: typeof v.height === 'number' ? v.height : 40 }
    case 'donation': {
      // the DONATE page (203) of this block: its presets and monthly choice are read there from the published page
      const store = scope.deps.products?.storeSettings ? ((await scope.deps.products.storeSettings(scope.site.id)) as { currency?: unknown }) : {}
      const currency = typeof store.currency === 'string' ? store.currency : 'USD'
      const units = (Array.isArray(v.presets) && v.presets.length ? v.presets : DONATION_DEFAULT_PRESETS).filter((n): n is number => typeof n === 'number')
      const presets = units.map((n) => {
        const digits = fractionDigits(currency)
        return { value: String(Math.round(n * 10 ** digits)), currency, decimalValue: n.toFixed(digits), currencyCode: currency }
      })
      return { ...v, presets, ...(pageId && b.id ? { donateUrl: `/donate?page=${encodeURIComponent(pageId)}&block=${encodeURIComponent(b.id)}` } : {}) }
    }
    default:
      return { ...v }
  }
}

/** The images of a gallery's connected accounts (cached feeds, at most GALLERY_ACCOUNT_SIZE each), account by account. */
async function accountItems(scope: SiteScope, accounts: unknown[]): Promise<Json[]> {
  const list = accounts.filter((a): a is { feedUrl: string; title?: string; provider?: string } => !!a && typeof (a as Json).feedUrl === 'string')
  if (!list.length) return []
  const feeds = await scope.content.galleryFeeds(scope.site.id, [...new Set(list.map((a) => a.feedUrl))])
  return list.flatMap((a, i) =>
    (feeds.get(a.feedUrl)?.images ?? []).slice(0, GALLERY_ACCOUNT_SIZE).map((img, k) => ({
      id: `account-${i + 1}-${k + 1}`,
      recordType: RECORD_TYPES.IMAGE,
      mediaType: 'imageReused',
      assetUrl: img.url,
      title: img.title,
      altText: img.title,
      mediaFocalPoint: { x: 0.5, y: 0.5 },
      ...(img.link ? { clickthroughUrl: img.link } : {}),
      account: { title: a.title ?? '', provider: a.provider ?? 'rss' },
    })),
  )
}

/** An album: its cover image resolved, each track numbered (1-based) with its duration as m:ss; none without tracks. */
function albumValue(v: Json, images: ReadonlyMap<string, ImageContext>): Json | null {
  const tracks = arr(v.tracks)
    .filter((t): t is Json => !!t && typeof t === 'object' && typeof (t as Json).audioAssetUrl === 'string')
    .map((t, i) => {
      const duration = typeof t.duration === 'number' ? t.duration : undefined
      return { number: i + 1, title: str(t.title) ?? '', audioAssetUrl: t.audioAssetUrl, ...(duration !== undefined ? { duration, durationText: formatTrackDuration(duration) } : {}) }
    })
  if (!tracks.length) return null
  const cover = str(v.coverImageId) ? images.get(v.coverImageId as string) : undefined
  return { ...(v.title ? { title: v.title } : {}), ...(v.artist ? { artist: v.artist } : {}), ...(cover ? { cover } : {}), tracks }
}

async function summary(scope: SiteScope, v: Json): Promise<Json> {
  const design = str(v.design) ?? 'list'
  const out: Json = { design, items: [] as Json[], ...(v.title ? { title: v.title } : {}) }
  const c = str(v.collectionId) ? scope.byId.get(v.collectionId as string) : undefined
  if (!liveCollection(scope, c) || c.lock !== 'none') return out // never list items of locked or unpublished collections
  const limit = typeof v.limit === 'number' ? v.limit : 6
  if (c.typeName === 'products') {
    const products = scope.deps.products ? await scope.deps.products.listProducts(scope.site.id, c.id, { page: 1, pageSize: limit, collectionUrl: `/${c.urlId}` }) : { items: [] }
    out.items = products.items
    return out
  }
  const order = c.typeName === 'gallery' ? 'manual' : c.typeName === 'events' ? 'start' : 'recent'
  const upcoming = c.typeName === 'events' ? scope.now : undefined // event summaries list what is still to come
  const { rows } = await scope.content.liveItems(scope.site.id, c.id, { now: scope.now, limit, order, tag: str(v.tag), category: str(v.category), endingAfter: upcoming })
  out.items = await itemContexts(scope, rows)
  return out
}
