// The starter templates: data files of the theme (themes/default/starters/*.json), read once and checked here.
// A starter is a whole site: its style (five palette swatches, a heading and a body font of the editor's font
// list), its site profile, the images to generate, its pages (one home page) with block layouts, and the products,
// blog posts or gallery images that fill its collections. Layout values refer to the generated images as
// "@image:<name>" and to other pages as "@page:<key>"; the seed replaces them with the new ids.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { CONNECTED_LINK_PROVIDERS, type ConnectedLinkProvider } from '@sitewright/contracts'

const SWATCHES = ['lightest', 'light', 'accent', 'dark', 'darkest'] as const
const font = z.object({ family: z.string().min(1), category: z.string().min(1), stack: z.string().min(1) })
const image = z.object({
  name: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string(),
  alt: z.string(),
  from: z.string(),
  to: z.string(),
  accent: z.string(),
  shape: z.enum(['sun', 'waves', 'hills', 'circles', 'bars', 'vase']),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  caption: z.boolean().optional(),
})
const page = z
  .object({
    key: z.string().regex(/^[a-z0-9-]+$/),
    typeName: z.enum(['page', 'blog', 'products', 'gallery']),
    title: z.string().min(1),
    urlId: z.string().min(1),
    mainImage: z.string().optional(),
    layout: z.object({ sections: z.array(z.record(z.string(), z.unknown())) }).optional(),
  })
  .passthrough()
const product = z.object({ title: z.string(), urlId: z.string(), description: z.string(), excerpt: z.string().optional(), image: z.string(), priceCents: z.number().int().positive(), stock: z.number().int().min(0) })
const post = z.object({ title: z.string(), urlId: z.string(), author: z.string(), daysAgo: z.number(), image: z.string().optional(), tags: z.array(z.string()).default([]), excerpt: z.string(), body: z.string() })
const galleryItem = z.object({ title: z.string(), urlId: z.string(), image: z.string(), body: z.string() })

export const starterSpec = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,30}$/),
    name: z.string().min(1),
    /** The title of the live preview site (the starter's demo business). */
    siteTitle: z.string().min(1),
    kind: z.string().min(1),
    summary: z.string().min(1),
    styles: z.object({ palette: z.object(Object.fromEntries(SWATCHES.map((s) => [s, z.string().regex(/^#[0-9a-f]{6}$/i)])) as Record<(typeof SWATCHES)[number], z.ZodString>), heading: font, body: font }),
    profile: z.object({
      siteDescription: z.string(),
      tagLine: z.string(),
      /** Connected-account link entries (a restaurant's online ordering: 'Order Now' in the navigation). */
      connectedLinks: z.array(z.object({ provider: z.enum(Object.keys(CONNECTED_LINK_PROVIDERS) as [ConnectedLinkProvider]), url: z.url({ protocol: /^https$/ }), title: z.string().optional() }).strict()).optional(),
    }),
    images: z.array(image),
    pages: z.array(page).min(1),
    products: z.object({ page: z.string(), items: z.array(product) }).optional(),
    posts: z.object({ page: z.string(), items: z.array(post) }).optional(),
    gallery: z.object({ page: z.string(), items: z.array(galleryItem) }).optional(),
  })
  .superRefine((s, ctx) => {
    const homes = s.pages.filter((p) => p.homepage === true)
    if (homes.length !== 1) ctx.addIssue({ code: 'custom', path: ['pages'], message: 'exactly one page is the home page' })
    const keys = new Set(s.pages.map((p) => p.key))
    const names = new Set(s.images.map((i) => i.name))
    for (const part of [s.products, s.posts, s.gallery]) if (part && !keys.has(part.page)) ctx.addIssue({ code: 'custom', path: ['pages'], message: `no page ${part.page}` })
    const text = JSON.stringify(s.pages)
    for (const m of text.matchAll(/"@(image|page):([a-z0-9-]+)"/g)) {
      if (!(m[1] === 'image' ? names : keys).has(m[2]!)) ctx.addIssue({ code: 'custom', path: ['pages'], message: `unknown reference @${m[1]}:${m[2]}` })
    }
  })

export type StarterSpec = z.infer<typeof starterSpec>
export type StarterPage = StarterSpec['pages'][number]
export const PALETTE_SWATCHES = SWATCHES

/** The order the chooser shows them in; any other starter file follows, by id. */
const ORDER = ['store', 'portfolio', 'journal', 'restaurant']

/** Reads and checks every starter of a theme (a bad file fails loudly: it ships with the theme). */
export function loadStarters(themeDir: string): StarterSpec[] {
  const dir = join(themeDir, 'starters')
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
  const specs = files.map((f) => {
    const parsed = starterSpec.safeParse(JSON.parse(readFileSync(join(dir, f), 'utf8')))
    if (!parsed.success) throw new Error(`starter ${f}: ${parsed.error.message}`)
    return parsed.data
  })
  const rank = (id: string) => (ORDER.includes(id) ? ORDER.indexOf(id) : ORDER.length)
  return specs.sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id))
}
