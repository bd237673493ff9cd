// Static files: the editor SPA at /config, the storefront bundle at /assets/storefront/*, theme assets at
// /assets/theme/*. A missing build answers a clear 503 message instead of failing.
import { existsSync, statSync } from 'node:fs'
import { join, normalize, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { plainPage } from '../platform/http/html.js'
import type { HelmetOptions } from '../platform/http/security.js'
import { REPO_ROOT } from '../platform/paths.js'

export const EDITOR_DIST = join(REPO_ROOT, 'packages/editor/dist')
export const STOREFRONT_DIST = join(REPO_ROOT, 'packages/storefront/dist')
export const THEME_ASSETS = join(REPO_ROOT, 'themes/default/assets')

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

export async function registerStatic(
  app: FastifyInstance,
  dirs = { editor: EDITOR_DIST, storefront: STOREFRONT_DIST, theme: THEME_ASSETS },
  /** Security headers of the editor (strict CSP, framed only by itself); default: the app's global ones. */
  editorHelmet?: HelmetOptions,
) {
  await app.register(fastifyStatic, { root: REPO_ROOT, serve: false })

  const editor = async (rest: string, reply: FastifyReply) => {
    if (!existsSync(join(dirs.editor, 'index.html'))) return notBuilt(reply, 'editor', true)
    const file = rest ? fileUnder(dirs.editor, rest) : null
    if (file) return reply.sendFile(file, dirs.editor)
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dirs.editor)
  }
  const opts = editorHelmet ? { helmet: editorHelmet } : {}
  app.get('/config', opts, async (_req, reply) => editor('', reply))
  app.get('/config/*', opts, async (req, reply) => editor((req.params as { '*': string })['*'], reply))

  app.get('/assets/storefront/*', async (req, reply) => {
    if (!existsSync(dirs.storefront)) return notBuilt(reply, 'storefront', false)
    const file = fileUnder(dirs.storefront, (req.params as { '*': string })['*'])
    return file ? reply.sendFile(file, dirs.storefront) : notFound(reply)
  })

  app.get('/assets/theme/*', async (req, reply) => {
    const file = fileUnder(dirs.theme, (req.params as { '*': string })['*'])
    return file ? reply.sendFile(file, dirs.theme) : notFound(reply)
  })
}
