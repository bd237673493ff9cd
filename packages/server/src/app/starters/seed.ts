// Fills a site from a starter template through the same operations as the demo site's content: images generated
// by the demo image maker and stored by the files domain, pages and items by the content domain, products by the
// commerce domain, and the starter's palette and fonts saved as the site's styles.
import { CONNECTED_ACCOUNTS_SCREEN, CONNECTED_LINK_PROVIDERS, defaultSiteStyles, escapeHtml, README_PAGE_URL_ID, type ConnectedLinkProvider } from '@sitewright/contracts'
import type { Commerce } from '../../domains/commerce/index.js'
import type { CollectionInput, Content } from '../../domains/content/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { SeededStarter, StarterSpec } from '../../domains/starters/index.js'
import { demoImage } from '../demo-content/images.js'

export interface StarterSeedDeps {
  content: Content
  sites: Pick<Sites, 'putStyles'>
  commerce?: Pick<Commerce, 'createProduct'>
  /** Stores an image (files domain); without it the starter has no images. */
  storeImage?: (siteId: string, filename: string, bytes: Buffer, meta: { altText: string; title: string }) => Promise<{ id: string }>
}

const DAY = 86_400_000
const SWATCH_NAMES = { lightest: 'Lightest', light: 'Light', accent: 'Accent', dark: 'Dark', darkest: 'Darkest' } as const

/** Replaces "@image:<name>" and "@page:<key>" strings anywhere in a layout value. */
function resolveRefs(value: unknown, images: Record<string, string>, pages: Record<string, string>): unknown {
  if (typeof value === 'string') {
    const m = /^@(image|page):([a-z0-9-]+)$/.exec(value)
    return m ? ((m[1] === 'image' ? images : pages)[m[2]!] ?? null) : value
  }
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, images, pages))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, images, pages)]))
  return value
}

/** A layout without blocks whose image was not stored (no files domain). */
function dropMissingImages(layout: { sections: Record<string, unknown>[] }): { sections: Record<string, unknown>[] } {
  return {
    sections: layout.sections.map((s) => ({
      ...s,
      blocks: ((s.blocks as { type: number; value: Record<string, unknown> }[] | undefined) ?? []).filter((b) => !(b.type === 5 && !b.value.imageId)),
    })),
  }
}

export async function seedStarter(siteId: string, spec: StarterSpec, d: StarterSeedDeps, opts: { homeStatus: 'draft' | 'published' }): Promise<SeededStarter> {
  const c = d.content
  const img: Record<string, string> = {}
  if (d.storeImage) {
    for (const spec2 of spec.images) img[spec2.name] = (await d.storeImage(siteId, `${spec2.name}.jpg`, await demoImage(spec2), { altText: spec2.alt, title: spec2.title })).id
  }

  // Style: the starter's five swatches in the default colour themes, its fonts as the active font theme.
  const base = defaultSiteStyles()
  const palette = (Object.keys(SWATCH_NAMES) as (keyof typeof SWATCH_NAMES)[]).map((id) => ({ id, name: SWATCH_NAMES[id], hex: spec.styles.palette[id] }))
  const fontTheme = { id: 'starter', name: spec.name, heading: spec.styles.heading, body: spec.styles.body }
  await d.sites.putStyles(siteId, {
    styles: { colors: { palette, themes: base.colors.themes, activeThemeId: 'light' }, fonts: { themes: [fontTheme, ...base.fonts.themes], activeThemeId: 'starter' } },
    dirtyPaths: ['colors.palette', 'colors.themes', 'colors.activeThemeId', 'fonts.themes', 'fonts.activeThemeId'],
  } as Parameters<Sites['putStyles']>[1])
  await c.updateProfile(siteId, spec.profile)

  // Pages first (layouts refer to them), their layouts after.
  const pages: Record<string, string> = {}
  let homeId = ''
  for (const p of spec.pages) {
    const { key, mainImage, layout: _layout, ...fields } = p
    const input = { ...fields, ...(mainImage && img[mainImage] ? { mainImageId: img[mainImage] } : {}), ...(p.homepage === true ? { status: opts.homeStatus } : {}) } as CollectionInput
    const made = await c.createCollection(siteId, input)
    pages[key] = made.id
    if (p.homepage === true) homeId = made.id
  }

  let seededCount = 0
  if (spec.posts) {
    for (const [i, p] of spec.posts.items.entries()) {
      const publishOn = Date.now() - p.daysAgo * DAY - i * 1000
      await c.createItem(siteId, pages[spec.posts.page]!, { title: p.title, urlId: p.urlId, authorName: p.author, publishOn, tags: p.tags, excerpt: p.excerpt, body: p.body, ...(p.image && img[p.image] ? { mainImageId: img[p.image] } : {}) })
      seededCount++
    }
  }
  if (spec.gallery) {
    for (const g of spec.gallery.items) {
      if (!img[g.image]) continue
      await c.createItem(siteId, pages[spec.gallery.page]!, { title: g.title, urlId: g.urlId, recordType: 2, mainImageId: img[g.image], body: g.body })
    }
  }
  if (spec.products && d.commerce) {
    for (const p of spec.products.items) {
      await d.commerce.createProduct(siteId, {
        collectionId: pages[spec.products.page]!,
        urlId: p.urlId,
        title: p.title,
        productType: 1,
        description: p.description,
        ...(p.excerpt ? { excerpt: p.excerpt } : {}),
        imageIds: img[p.image] ? [img[p.image]!] : [],
        variants: [{ sku: p.urlId.toUpperCase(), attributes: {}, priceCents: p.priceCents, qtyInStock: p.stock }],
      })
      seededCount++
    }
  }

  // The read-me page ('readme', hidden from the navigation): what the site was made from and what to do next.
  await c.createCollection(siteId, {
    typeName: 'page', title: 'Read me', urlId: README_PAGE_URL_ID, navigation: '_hidden',
    layout: { sections: [{ blocks: [{ type: 2, value: { html: `<h2>About this site</h2><p>This site started from the ${escapeHtml(spec.name)} starter: ${escapeHtml(spec.summary)}</p><p>Change any page in the editor: its text, images, products and style are yours. This page is hidden from the navigation; delete it when you no longer need it.</p>${readmeConnectedLinks(spec.profile.connectedLinks ?? [])}` } }] }] },
  } as CollectionInput)

  let homeLayout: unknown = null
  for (const p of spec.pages) {
    if (!p.layout) continue
    const layout = dropMissingImages(resolveRefs(p.layout, img, pages) as { sections: Record<string, unknown>[] })
    const saved = await c.updateCollection(siteId, pages[p.key]!, { layout } as Parameters<Content['updateCollection']>[2])
    if (p.key === spec.pages.find((x) => x.homepage === true)!.key) homeLayout = saved.layout
  }
  return { homePageId: homeId, homeLayout, seededCount }
}

/** The read-me's paragraph about a starter's connected-account links (sample addresses): where the owner puts their own. */
export function readmeConnectedLinks(links: readonly { provider: ConnectedLinkProvider; title?: string | undefined }[]): string {
  if (!links.length) return ''
  const titles = links.map((l) => `'${escapeHtml(l.title || CONNECTED_LINK_PROVIDERS[l.provider].defaultTitle)}'`).join(', ')
  const where = `${CONNECTED_ACCOUNTS_SCREEN.section} → ${CONNECTED_ACCOUNTS_SCREEN.tab}`
  return links.length === 1
    ? `<p>The last link of the navigation (${titles}) goes to a sample online-ordering address: replace it with your own ordering page in the editor under ${where} (Edit, then Address).</p>`
    : `<p>The last links of the navigation (${titles}) go to sample addresses: replace them with your own in the editor under ${where}.</p>`
}
