// The theme's emails: themes/<theme>/emails/emails.json names every template (audience, title, subject template,
// owner setting), and each has a text part (<name>.text.jsont) and an HTML part (<name>.html.jsont), rendered with
// JSON-T like pages and wrapped in the theme's email layout (layout.text.jsont, layout.html.jsont) that carries the
// site's brand. HTML parts escape every value (|html, |htmlattr); subjects lose line breaks. Files are reloaded
// when they change (checked at most once a second).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { compile, render, type CompiledTemplate } from '@sitewright/jsont'
import type { FastifyBaseLogger } from 'fastify'

export type EmailAudience = 'shopper' | 'owner'

export interface EmailEntry {
  audience: EmailAudience
  title: string
  subject: string
  /** The owner notification setting that turns this mail on or off (owner mails only). */
  setting?: string
}

export interface EmailBrand {
  title: string
  /** The site's public address, ending with '/'. */
  url: string
  logoUrl: string | null
  accent: string
  accentInk: string
  ink: string
  paper: string
  line: string
  muted: string
}

export interface RenderedEmail {
  subject: string
  text: string
  html: string
}

interface Loaded {
  stamp: string
  entries: Record<string, EmailEntry>
  layout: string
  parts: Map<string, CompiledTemplate>
  subjects: Map<string, CompiledTemplate>
}

export const DEFAULT_BRAND_COLOURS = { accent: '#2f5d50', accentInk: '#ffffff', ink: '#1c1f22', paper: '#f6f5f2', line: '#e2e0da', muted: '#5d636a' }

const HEX = /^#[0-9a-f]{3,8}$/i
/** A colour for an inline style: a hex colour, or the default (never anything that could end the attribute). */
export const safeColour = (v: string | undefined, fallback: string) => (v && HEX.test(v.trim()) ? v.trim() : fallback)

export function createEmailTemplates(themeDir: string, log?: FastifyBaseLogger) {
  const dir = join(themeDir, 'emails')
  let loaded: Loaded | null = null
  let checkedAt = 0

  const stampOf = () =>
    readdirSync(dir)
      .sort()
      .map((f) => `${f}:${statSync(join(dir, f)).mtimeMs}`)
      .join('|')

  function load(): Loaded {
    const now = Date.now()
    if (loaded && now - checkedAt < 1000) return loaded
    checkedAt = now
    if (!existsSync(dir)) throw new Error(`the theme has no emails folder (${dir})`)
    const stamp = stampOf()
    if (loaded && loaded.stamp === stamp) return loaded
    const manifest = JSON.parse(readFileSync(join(dir, 'emails.json'), 'utf8')) as { layout: string; templates: Record<string, EmailEntry> }
    const parts = new Map<string, CompiledTemplate>()
    const subjects = new Map<string, CompiledTemplate>()
    const add = (key: string, file: string) => {
      const t = compile(readFileSync(join(dir, file), 'utf8'))
      for (const e of t.errors) log?.warn({ template: file, error: e }, 'email template error')
      parts.set(key, t)
    }
    for (const part of ['html', 'text']) add(`${manifest.layout}.${part}`, `${manifest.layout}.${part}.jsont`)
    for (const [name, entry] of Object.entries(manifest.templates)) {
      add(`${name}.html`, `${name}.html.jsont`)
      add(`${name}.text`, `${name}.text.jsont`)
      subjects.set(name, compile(entry.subject))
    }
    loaded = { stamp, entries: manifest.templates, layout: manifest.layout, parts, subjects }
    return loaded
  }

  function run(t: CompiledTemplate | undefined, json: unknown, what: string): string {
    if (!t) throw new Error(`email template '${what}' is missing`)
    const r = render(t, { json, locale: 'en-US' })
    for (const e of r.errors) log?.warn({ template: what, error: e }, 'email render error')
    return r.output
  }

  return {
    /** Every email of the theme, by name. */
    list(): Record<string, EmailEntry> {
      return load().entries
    },
    entry(name: string): EmailEntry | undefined {
      return load().entries[name]
    },
    /** Renders `name` with `data` (plus `site` and `brand` from the brand): subject, text and HTML. */
    render(name: string, data: Record<string, unknown>, brand: EmailBrand): RenderedEmail {
      const l = load()
      if (!l.entries[name]) throw new Error(`unknown email template '${name}'`)
      const json = { ...data, site: { title: brand.title, url: brand.url }, brand }
      const subject = run(l.subjects.get(name), json, `${name} subject`).replace(/\s+/g, ' ').trim()
      const htmlBody = run(l.parts.get(`${name}.html`), json, `${name}.html`)
      const textBody = run(l.parts.get(`${name}.text`), json, `${name}.text`)
      const html = run(l.parts.get(`${l.layout}.html`), { ...json, subject, body: htmlBody }, `${l.layout}.html`)
      const text = run(l.parts.get(`${l.layout}.text`), { ...json, subject, body: textBody.trim() }, `${l.layout}.text`)
      return { subject, text: `${text.replace(/\n{3,}/g, '\n\n').trim()}\n`, html }
    },
  }
}

export type EmailTemplates = ReturnType<typeof createEmailTemplates>

/** `"Shop name" <address>`: the sender is the shop (quotes, angle brackets and line breaks removed from its name). */
export function fromName(name: string, address: string): string {
  const clean = name.replace(/["\\\r\n<>]/g, '').trim() || 'Shop'
  return `"${clean}" <${address}>`
}
