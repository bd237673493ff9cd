// Static files: the editor SPA at /config, the storefront bundle at /assets/storefront/*, theme assets at
// /assets/theme/*, served from memory with their build-time compressed forms and a cache policy by content hash
// (see assets.ts). They set no crumb cookie. A missing build answers a clear 503 message instead of failing.
import { existsSync, statSync } from 'node:fs'
import { join, normalize, sep } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { plainPage } from '../platform/http/html.js'
import type { HelmetOptions } from '../platform/http/security.js'
import { REPO_ROOT } from '../platform/paths.js'
import { assetAnswer, createAssetDir, IMMUTABLE, type AssetDir } from './assets.js'

export const EDITOR_DIST = join(REPO_ROOT, 'packages/editor/dist')
export const STOREFRONT_DIST = join(REPO_ROOT, 'packages/storefront/dist')
export const THEME_ASSETS = join(REPO_ROOT, 'themes/default/assets')
/** Compressed forms of the theme assets, made at build (`npm run build`). */
export const THEME_COMPRESSED = join(REPO_ROOT, 'themes/default/dist/assets')

/** A file path inside `root` for a URL remainder, or null when it escapes the root or is not a file. */
export function fileUnder(root: string, rest: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(rest)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const rel = normalize(decoded).replace(/^([/\\])+/, '')
  if (rel.startsWith('..')) return null
  const full = join(root, rel)
  if (!full.startsWith(root.endsWith(sep) ? root : root + sep)) return null
  try {
    return statSync(full).isFile() ? rel : null
  } catch {
    return null
  }
}

function notBuilt(reply: FastifyReply, what: string, html: boolean) {
  const message = `The ${what} has not been built yet. Run "npm run build" in the repository, then reload.`
  reply.code(503).header('cache-control', 'no-store')
  return html ? reply.type('text/html; charset=utf-8').send(plainPage(`${what} not built`, message)) : reply.type('text/plain; charset=utf-8').send(message)
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
}

/** A file under the directory (or its archive of earlier builds) for the URL remainder, or null. */
function lookup(dir: AssetDir, root: string, archive: string | undefined, rest: string) {
  const rel = fileUnder(root, rest) ?? (archive ? fileUnder(archive, rest) : null)
  return rel ? dir.get(rel) : null
}

function send(request: FastifyRequest, reply: FastifyReply, asset: NonNullable<ReturnType<AssetDir['get']>>, cacheControl?: string) {
  const v = (request.query as Record<string, unknown> | undefined)?.v
  const a = assetAnswer(asset, typeof v === 'string' ? v : undefined, request.headers, cacheControl)
  reply.code(a.status).headers(a.headers)
  return a.body ? reply.send(a.body) : reply.send()
}

export interface StaticDirs {
  editor: string
  storefront: string
  theme: string
  /** Compressed theme assets (default: none; made in memory at first use). */
  themeCompressed?: string
}

/** The storefront's entry file (vite.config.ts `entryFileNames`). */
export const STOREFRONT_ENTRY = 'storefront.js'
const VERSIONED = /^v\/([A-Za-z0-9_-]{1,64})\/(.*)$/s

/** `v/<hash>/<file>` -> the version and the file; any other remainder is the file itself. */
function versioned(rest: string): { version?: string; rest: string } {
  const m = VERSIONED.exec(rest)
  return m ? { version: m[1], rest: m[2]! } : { rest }
}

/** Archive of an earlier build's hashed files, kept by scripts/build.mjs next to `dist`. */
const archiveOf = (dist: string) => join(dist, '..', 'dist-archive')

export async function registerStatic(
  app: FastifyInstance,
  dirs: StaticDirs = { editor: EDITOR_DIST, storefront: STOREFRONT_DIST, theme: THEME_ASSETS, themeCompressed: THEME_COMPRESSED },
  /** Security headers of the editor (strict CSP, framed only by itself); default: the app's global ones. */
  editorHelmet?: HelmetOptions,
) {
  const editorArchive = archiveOf(dirs.editor)
  const storefrontArchive = archiveOf(dirs.storefront)
  const editorDir = createAssetDir(dirs.editor, { archive: editorArchive })
  const storefrontDir = createAssetDir(dirs.storefront, { archive: storefrontArchive })
  const themeDir = createAssetDir(dirs.theme, { compressed: dirs.themeCompressed && existsSync(dirs.themeCompressed) ? dirs.themeCompressed : undefined, compressNow: true })
  const lazy = { crumbCookie: 'lazy' as const }

  const editor = async (request: FastifyRequest, rest: string, reply: FastifyReply) => {
    if (!existsSync(join(dirs.editor, 'index.html'))) return notBuilt(reply, 'editor', true)
    const asset = rest ? lookup(editorDir, dirs.editor, existsSync(editorArchive) ? editorArchive : undefined, rest) : null
    if (asset) return send(request, reply, asset)
    return send(request, reply, editorDir.get('index.html')!, 'no-cache')
  }
  const opts = editorHelmet ? { helmet: editorHelmet, config: lazy } : { config: lazy }
  app.get('/config', opts, async (req, reply) => editor(req, '', reply))
  app.get('/config/*', opts, async (req, reply) => editor(req, (req.params as { '*': string })['*'], reply))

  app.get('/assets/storefront/*', { config: lazy }, async (req, reply) => {
    if (!existsSync(dirs.storefront)) return notBuilt(reply, 'storefront', false)
    const { version, rest } = versioned((req.params as { '*': string })['*'])
    const asset = lookup(storefrontDir, dirs.storefront, existsSync(storefrontArchive) ? storefrontArchive : undefined, rest)
    if (!asset) return notFound(reply)
    // Under `v/<entry hash>/` the entry is immutable while its hash is that one; the chunks carry their own hashes.
    return send(req, reply, asset, version !== undefined && rest === STOREFRONT_ENTRY && version === asset.hash ? IMMUTABLE : undefined)
  })

  app.get('/assets/theme/*', { config: lazy }, async (req, reply) => {
    const rel = fileUnder(dirs.theme, (req.params as { '*': string })['*'])
    const asset = rel ? themeDir.get(rel) : null
    return asset ? send(req, reply, asset) : notFound(reply)
  })

  return {
    /**
     * The content-hashed URL of a built file, for pages: `/assets/theme/site.css?v=...`; the storefront entry's is a
     * versioned directory, `/assets/storefront/v/<hash>/storefront.js`, because its chunks import it by the relative
     * `../storefront.js` (a `?v=` URL would be a second module and run it twice); in that directory the chunks'
     * relative URLs resolve to the same module.
     */
    assetUrl(path: string): string {
      if (path === `/assets/storefront/${STOREFRONT_ENTRY}`) {
        const entry = storefrontDir.get(STOREFRONT_ENTRY)
        return entry ? `/assets/storefront/v/${entry.hash}/${STOREFRONT_ENTRY}` : path
      }
      if (path.startsWith('/assets/storefront/')) return storefrontDir.urlOf('/assets/storefront/', path.slice('/assets/storefront/'.length))
      if (path.startsWith('/assets/theme/')) return themeDir.urlOf('/assets/theme/', path.slice('/assets/theme/'.length))
      return path
    },
  }
}
