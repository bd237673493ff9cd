// The theme: theme.json (body template per page kind), the layout template and every partial, compiled once and
// recompiled when a file changes (checked at most once a second). `version` changes whenever a template changes,
// so cached pages of an older theme version are not served.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { compile, render, type CompiledTemplate } from '@sitewright/jsont'
import type { FastifyBaseLogger } from 'fastify'
import { REPO_ROOT } from '../../../platform/paths.js'

export const DEFAULT_THEME_DIR = join(REPO_ROOT, 'themes/default')

export interface ThemeManifest {
  name: string
  layout: string
  templatesDir: string
  partialsDir: string
  collections: Record<string, Record<string, string>>
  fallback: Record<string, string>
  pageTypes: Record<string, string>
}

interface Loaded {
  manifest: ThemeManifest
  templates: Map<string, CompiledTemplate>
  partials: Record<string, CompiledTemplate>
  stamp: string
}

const CHECK_EVERY_MS = 1000

export function createTheme(dir = DEFAULT_THEME_DIR, log?: FastifyBaseLogger) {
  let loaded: Loaded | null = null
  let checkedAt = 0
  let version = 0

  function files(): { manifestFile: string; names: { kind: 'template' | 'partial'; name: string; file: string }[] } {
    const manifestFile = join(dir, 'theme.json')
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ThemeManifest
    const list = (sub: string, kind: 'template' | 'partial') =>
      readdirSync(join(dir, sub))
        .filter((f) => f.endsWith('.jsont'))
        .map((f) => ({ kind, name: f.slice(0, -'.jsont'.length), file: join(dir, sub, f) }))
    return { manifestFile, names: [...list(manifest.templatesDir, 'template'), ...list(manifest.partialsDir, 'partial')] }
  }

  function stampOf(): string {
    const { manifestFile, names } = files()
    return [manifestFile, ...names.map((n) => n.file)].map((f) => `${f}:${statSync(f).mtimeMs}`).join('|')
  }

  function load(): Loaded {
    const now = Date.now()
    if (loaded && now - checkedAt < CHECK_EVERY_MS) return loaded
    checkedAt = now
    const stamp = stampOf()
    if (loaded && loaded.stamp === stamp) return loaded
    const { manifestFile, names } = files()
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ThemeManifest
    const templates = new Map<string, CompiledTemplate>()
    const partials: Record<string, CompiledTemplate> = {}
    for (const n of names) {
      const compiled = compile(readFileSync(n.file, 'utf8'))
      for (const e of compiled.errors) log?.warn({ template: n.name, error: e }, 'theme template error')
      if (n.kind === 'template') templates.set(n.name, compiled)
      else partials[n.name] = compiled
    }
    loaded = { manifest, templates, partials, stamp }
    version++
    return loaded
  }

  return {
    /** Changes whenever a theme file changes. */
    get version(): number {
      load()
      return version
    },
    get manifest(): ThemeManifest {
      return load().manifest
    },
    /** The body template for a page (CONTEXT.md "Choosing the body template"). */
    pick(pageType: number, collection?: { typeName?: string; view?: string }): string {
      const m = load().manifest
      const byType = m.pageTypes[String(pageType)]
      if (byType) return byType
      const view = pageType === 50 ? 'item' : (collection?.view ?? 'list')
      return (collection?.typeName ? m.collections[collection.typeName]?.[view] : undefined) ?? m.fallback[view] ?? 'page'
    },
    has(template: string): boolean {
      return load().templates.has(template)
    },
    /** Body template, then the layout with `mainContent`. Template errors are logged; output is never thrown away. */
    render(template: string, context: Record<string, unknown>, locale: string, now = Date.now()): string {
      const t = load()
      const body = t.templates.get(template)
      if (!body) throw new Error(`theme template '${template}' is missing`)
      const layout = t.templates.get(t.manifest.layout)
      if (!layout) throw new Error(`theme layout '${t.manifest.layout}' is missing`)
      const a = render(body, { json: context, partials: t.partials, locale, now })
      for (const e of a.errors) log?.warn({ template, error: e }, 'theme render error')
      const b = render(layout, { json: { ...context, mainContent: a.output }, partials: t.partials, locale, now })
      for (const e of b.errors) log?.warn({ template: t.manifest.layout, error: e }, 'theme render error')
      return b.output
    },
  }
}

export type Theme = ReturnType<typeof createTheme>
