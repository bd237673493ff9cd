// Test helper: loads themes/default the way the publishing pipeline does (theme.json, body template, partials,
// layout) and renders a context through @sitewright/jsont.
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { render, type TemplateError } from '@sitewright/jsont'

export const THEME_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
const TEMPLATES = join(THEME_DIR, 'templates')
const PARTIALS = join(TEMPLATES, 'partials')

export interface ThemeManifest {
  layout: string
  collections: Record<string, Record<string, string>>
  fallback: Record<string, string>
  pageTypes: Record<string, string>
  /** Pages a server domain renders by template name (not chosen by page type), e.g. the gift-card page. */
  namedPages?: Record<string, string>
}

export const manifest = JSON.parse(readFileSync(join(THEME_DIR, 'theme.json'), 'utf8')) as ThemeManifest

const jsont = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.jsont'))
    .map((f) => f.slice(0, -'.jsont'.length))
    .sort()

export const templateNames = (): string[] => jsont(TEMPLATES)
export const partialNames = (): string[] => jsont(PARTIALS)
export const templateSource = (name: string): string => readFileSync(join(TEMPLATES, `${name}.jsont`), 'utf8')
export const partialSource = (name: string): string => readFileSync(join(PARTIALS, `${name}.jsont`), 'utf8')

export const partials: Record<string, string> = Object.fromEntries(partialNames().map((n) => [n, partialSource(n)]))

export type Context = Record<string, unknown> & { template?: string }

/** The body template the manifest picks for a context (the rule documented in CONTEXT.md). */
export function pickTemplate(ctx: Context): string | undefined {
  const byType = manifest.pageTypes[String(ctx.pageType)]
  if (byType) return byType
  const c = ctx.collection as { typeName?: string; view?: string } | undefined
  const view = ctx.pageType === 50 ? 'item' : (c?.view ?? 'list')
  return (c?.typeName ? manifest.collections[c.typeName]?.[view] : undefined) ?? manifest.fallback[view]
}

export interface Rendered {
  body: string
  html: string
  errors: TemplateError[]
}

const NOW = Date.UTC(2025, 5, 16, 12, 0, 0)

/** Body template, then the layout with `mainContent`; errors of both renders. */
export function renderPage(ctx: Context, template = pickTemplate(ctx)): Rendered {
  if (!template) throw new Error('no template for context')
  const locale = (ctx.website as { language?: string } | undefined)?.language ?? 'en-US'
  const body = render(templateSource(template), { json: ctx, partials, locale, now: NOW })
  const page = render(templateSource(manifest.layout), {
    json: { ...ctx, mainContent: body.output },
    partials,
    locale,
    now: NOW,
  })
  return { body: body.output, html: page.output, errors: [...body.errors, ...page.errors] }
}

const readJson = (name: string): Context =>
  JSON.parse(readFileSync(join(THEME_DIR, 'test', 'contexts', `${name}.json`), 'utf8')) as Context

/** A sample context: the site-wide part (`_site.json`: website, settings, navigation, sitewright) plus the page's. */
export function loadContext(name: string): Context {
  return { ...readJson('_site'), ...readJson(name) }
}

export const contextNames = (): string[] =>
  readdirSync(join(THEME_DIR, 'test', 'contexts'))
    .filter((f) => f.endsWith('.json') && !f.startsWith('_'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort()
