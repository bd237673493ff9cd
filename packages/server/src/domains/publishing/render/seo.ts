// /sitemap.xml (every published, unlocked, non-hidden page and item) and /robots.txt.
import { FOLDER_BEHAVIOR } from '@sitewright/contracts'
import { fullUrlOf, publicCollections, type SiteScope } from '../context/index.js'
import { innerPath, X_DEFAULT_HREFLANG } from '../context/index.js'

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export async function sitemapXml(scope: SiteScope): Promise<string> {
  const cols = publicCollections(scope).filter((c) => !(c.folder && c.folderBehavior !== FOLDER_BEHAVIOR.INDEX && c.folderBehavior !== FOLDER_BEHAVIOR.VARIATION))
  const urls: { loc: string; lastmod: Date }[] = cols.map((c) => ({ loc: scope.baseUrl + fullUrlOf(c), lastmod: c.updatedAt }))
  const byId = new Map(cols.map((c) => [c.id, c]))
  const items = await scope.content.liveItemsOf(scope.site.id, cols.filter((c) => ['blog', 'events', 'gallery'].includes(c.typeName) || c.type === 1).map((c) => c.id), scope.now)
  for (const i of items) {
    const c = byId.get(i.collectionId)
    if (c) urls.push({ loc: `${scope.baseUrl}${fullUrlOf(c).replace(/\/$/, '')}/${i.urlId}`, lastmod: i.updatedAt })
  }
  if (scope.deps.products) {
    for (const c of cols.filter((x) => x.typeName === 'products')) {
      const { items: products } = await scope.deps.products.listProducts(scope.site.id, c.id, { page: 1, pageSize: 200, collectionUrl: fullUrlOf(c) })
      for (const p of products as { fullUrl?: unknown }[]) if (typeof p.fullUrl === 'string') urls.push({ loc: scope.baseUrl + p.fullUrl, lastmod: c.updatedAt })
    }
  }
  // a site in several locales: every URL names its versions in the others (and the default as x-default)
  const several = scope.locale.all.length > 1
  const links = (loc: string) => {
    if (!several) return ''
    const alts = scope.locale.alternates(innerPath(scope, loc.slice(scope.baseUrl.length) || '/'))
    const one = (hreflang: string, path: string) => `<xhtml:link rel="alternate" hreflang="${xml(hreflang)}" href="${xml(scope.baseUrl + path)}"/>`
    const def = alts.find((a) => a.locale.default)
    return alts.map((a) => one(a.locale.locale, a.path)).join('') + (def ? one(X_DEFAULT_HREFLANG, def.path) : '')
  }
  const body = urls.map((u) => `  <url><loc>${xml(u.loc)}</loc><lastmod>${u.lastmod.toISOString()}</lastmod>${links(u.loc)}</url>`).join('\n')
  const ns = several ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ''
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${ns}>\n${body}\n</urlset>\n`
}

/** `prefixes`: the added locales' path prefixes (each has its own sitemap). */
export function robotsTxt(baseUrl: string, prefixes: readonly string[] = []): string {
  const maps = ['', ...prefixes].map((p) => `Sitemap: ${baseUrl}${p ? `/${p}` : ''}/sitemap.xml\n`).join('')
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /config\nDisallow: /search\n\n${maps}`
}
