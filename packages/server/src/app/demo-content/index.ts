// The demo site's content, created once on first start (idempotent: a site that already has pages is left
// alone): home, about, blog, events, four galleries, shop, contact, members-only, locked and hidden pages.
import type { Content } from '../../domains/content/index.js'
import { DEMO_IMAGES, demoImage } from './images.js'
import { blogPosts, events, galleryItems } from './items.js'
import { aboutLayout, contactLayout, homeLayout } from './layouts.js'

export interface DemoContentDeps {
  content: Content
  /** Stores an image (files domain); without it the demo has no images. */
  storeImage?: (siteId: string, filename: string, bytes: Buffer, meta: { altText: string; title: string }) => Promise<{ id: string }>
  /** Comments and likes (social domain). */
  addComment?: (siteId: string, itemId: string, input: { authorName: string; body: string; createdAt?: Date }) => Promise<unknown>
  addLike?: (siteId: string, itemId: string, visitor: string) => Promise<unknown>
  /** Forms domain: the contact and newsletter forms of the demo site (their ids). */
  ensureDemoForm?: (siteId: string) => Promise<string | undefined>
  ensureDemoNewsletterForm?: (siteId: string) => Promise<string | undefined>
  /** Commerce domain: fills the /shop products collection. */
  ensureDemoProducts?: (siteId: string, collectionId: string) => Promise<unknown>
  /** Turns comments on for the demo site (website settings). */
  enableComments?: (siteId: string) => Promise<unknown>
}

export const DEMO_LOCK_PASSWORD = 'demo'

export async function seedDemoContent(siteId: string, d: DemoContentDeps): Promise<'seeded' | 'exists'> {
  const c = d.content
  if ((await c.listCollections(siteId)).length > 0) return 'exists'

  const img: Record<string, string | undefined> = {}
  if (d.storeImage) {
    // drawn all at once (sharp works on other threads) while each is stored in turn
    const drawn = DEMO_IMAGES.map((spec) => demoImage(spec))
    for (const p of drawn) p.catch(() => undefined) // each is awaited below; a failure is thrown there
    for (const [i, spec] of DEMO_IMAGES.entries()) {
      const stored = await d.storeImage(siteId, `${spec.name}.jpg`, await drawn[i]!, { altText: spec.alt, title: spec.title })
      img[spec.name] = stored.id
    }
  }
  const contactFormId = d.ensureDemoForm ? await d.ensureDemoForm(siteId) : undefined
  const newsletterFormId = d.ensureDemoNewsletterForm ? await d.ensureDemoNewsletterForm(siteId) : undefined
  await d.enableComments?.(siteId)
  await c.updateProfile(siteId, {
    siteDescription: 'A small studio making stoneware, prints and workshops by the sea.',
    tagLine: 'Handmade by the sea',
    socialAccounts: [
      { serviceName: 'instagram', userName: 'sitewright.demo', profileUrl: 'https://instagram.com/sitewright.demo' },
      { serviceName: 'facebook', userName: 'sitewrightdemo', profileUrl: 'https://facebook.com/sitewrightdemo' },
      { serviceName: 'youtube', userName: 'sitewrightdemo', profileUrl: 'https://youtube.com/@sitewrightdemo' },
    ],
  })

  // Collections first (summary blocks refer to them), layouts after.
  const home = await c.createCollection(siteId, { typeName: 'splash-page', title: 'Made slowly, by the sea', navigationTitle: 'Home', urlId: 'home', homepage: true, description: '<p>Stoneware for everyday tables, fired in a wood kiln on the coast.</p>', backgroundSource: img.hero ? 1 : 4, ...(img.hero ? { mainImageId: img.hero } : {}), seoDescription: 'Stoneware, prints and workshops from a small studio by the sea.' })
  const about = await c.createCollection(siteId, { typeName: 'page', title: 'About the studio', navigationTitle: 'About', urlId: 'about', description: '<p>Two potters, one kiln, and a lot of sea air.</p>' })
  const blog = await c.createCollection(siteId, { typeName: 'blog', title: 'Journal', urlId: 'blog', description: '<p>Notes from the studio: firings, glazes, markets.</p>', pageSize: 5, ...(newsletterFormId ? { popupOverlay: { title: 'Join the studio letter', body: '<p>One email a month with new work and workshop dates.</p>', buttonText: 'Sign me up', formId: newsletterFormId } } : {}) })
  const eventsCol = await c.createCollection(siteId, { typeName: 'events', title: 'Events', urlId: 'events', description: '<p>Workshops, markets and open evenings.</p>', showPastOrUpcomingEvents: 'both' })
  const galleries = await c.createCollection(siteId, { typeName: 'index', title: 'Galleries', urlId: 'galleries', description: '<p>Work from the studio in four layouts.</p>' })
  const designs = ['grid', 'slideshow', 'slider', 'stacked'] as const
  const galleryCols = []
  for (const design of designs) {
    galleryCols.push(
      await c.createCollection(siteId, {
        typeName: 'gallery',
        title: `${design[0]!.toUpperCase()}${design.slice(1)} gallery`,
        urlId: `galleries/${design}`,
        parentId: galleries.id,
        navigation: 'main',
        description: `<p>The ${design} layout.</p>`,
        galleryOptions: design === 'grid' ? { design, 'thumbnails-per-row': 3, padding: 12, 'aspect-ratio': '4:3', 'show-meta': true } : design === 'slideshow' ? { design, autoplay: true, 'autoplay-duration': 4, thumbnails: true } : design === 'slider' ? { design, 'active-alignment': 'left', 'auto-crop': false } : { design, 'max-width': 300, 'show-meta': true },
        ...(img[['field', 'coast', 'bowls', 'vase'][galleryCols.length]!] ? { mainImageId: img[['field', 'coast', 'bowls', 'vase'][galleryCols.length]!] } : {}),
      }),
    )
  }
  const shop = await c.createCollection(siteId, { typeName: 'products', title: 'Shop', urlId: 'shop', view: 'grid', description: '<p>Pieces from the latest firing.</p>' })
  const contact = await c.createCollection(siteId, { typeName: 'page', title: 'Contact', urlId: 'contact', description: '<p>Questions, orders, visits: write to us.</p>' })
  const more = await c.createCollection(siteId, { typeName: 'folder', title: 'More', urlId: 'more', folderBehavior: 2 })
  await c.createCollection(siteId, { typeName: 'page', title: 'Frequently asked questions', navigationTitle: 'FAQ', urlId: 'faq', parentId: more.id, layout: { sections: [{ blocks: [{ type: 69, value: { title: 'Questions', items: [{ title: 'Do you ship abroad?', body: '<p>Yes, to most countries. Shipping is calculated at checkout.</p>', open: true }, { title: 'Are the pieces food safe?', body: '<p>All glazes are lead-free and food safe.</p>' }, { title: 'Can I visit the studio?', body: '<p>On open evenings, or by appointment.</p>' }] } }] }] } })
  await c.createCollection(siteId, { typeName: 'page', title: 'Wholesale', urlId: 'wholesale', parentId: more.id, layout: { sections: [{ blocks: [{ type: 2, value: { html: '<h2>Stock our work</h2><p>We supply a handful of shops each season. Write to us for the current list.</p>' } }, { type: 53, value: { label: 'Get in touch', url: '/contact', style: 'outline' } }] }] } })
  await c.createCollection(siteId, { typeName: 'page', title: 'Member studio notes', navigationTitle: 'Members', urlId: 'members', navigation: '_memberareas', lock: 'members', layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>Glaze recipes and firing logs for studio members.</p>' } }] }] } })
  await c.createCollection(siteId, { typeName: 'page', title: 'Kiln log', urlId: 'kiln-log', navigation: 'footer', password: DEMO_LOCK_PASSWORD, layout: { sections: [{ blocks: [{ type: 2, value: { html: '<h2>Firing 42</h2><p>Cone 10 reached after 31 hours. Ash deposits heavier on the front shelf.</p>' } }, { type: 23, value: { code: 'cone 10: 1305 C\nhold: 45 min\ncool: 48 h', language: 'text', lineNumbers: true } }] }] } })
  await c.createCollection(siteId, { typeName: 'page', title: 'Privacy', urlId: 'privacy', navigation: 'footer', layout: { sections: [{ blocks: [{ type: 44, value: { markdown: '## Privacy\n\nWe keep only what an order needs: your name, address and email.\n\n- No tracking across sites\n- No selling of data\n\nQuestions? [Write to us](/contact).' } }] }] } })
  await c.createCollection(siteId, { typeName: 'page', title: 'Thank you', urlId: 'thank-you', navigation: '_hidden', seoHidden: true, layout: { sections: [{ blocks: [{ type: 2, value: { html: '<h2>Thank you!</h2><p>We have your message and will reply soon.</p>' } }, { type: 53, value: { label: 'Back to the shop', url: '/shop' } }] }] } })
  await c.createCollection(siteId, { typeName: 'page', title: 'Press kit', urlId: 'press-kit', navigation: '_hidden', layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>Photos and a short biography for press use.</p>' } }] }] } })
  await c.createCollection(siteId, { typeName: 'page', title: 'Summer collection (draft)', urlId: 'summer-collection', status: 'draft', navigation: '_hidden' })

  // Items.
  const posts = []
  for (const p of blogPosts(img)) posts.push(await c.createItem(siteId, blog.id, p.input))
  const postsWithTalk = blogPosts(img)
  for (const [i, p] of postsWithTalk.entries()) {
    const item = posts[i]!
    for (const cm of p.comments) await d.addComment?.(siteId, item.id, cm)
    for (let n = 0; n < p.likes; n++) await d.addLike?.(siteId, item.id, `demo-visitor-${n}`)
  }
  for (const e of events()) await c.createItem(siteId, eventsCol.id, e)
  for (const [i, g] of galleryCols.entries()) for (const it of galleryItems(img, i)) await c.createItem(siteId, g.id, it)

  await c.updateCollection(siteId, home.id, { layout: homeLayout({ blogId: blog.id, eventsId: eventsCol.id, shopId: shop.id, newsletterFormId }) })
  await c.updateCollection(siteId, about.id, { layout: aboutLayout(img, { galleryId: galleryCols[0]!.id }) })
  await c.updateCollection(siteId, contact.id, { layout: contactLayout(contactFormId) })
  await d.ensureDemoProducts?.(siteId, shop.id)
  return 'seeded'
}
