// Public API of the publishing domain: published pages (home and 404 for now).
import type { FastifyInstance, FastifyBaseLogger } from 'fastify'
import type { Sites } from '../sites/index.js'
import { createPublishing as registerPublishing } from './routes.js'
import { createTheme } from './service.js'

export { DEFAULT_THEME_DIR, PAGE_TYPES, pageContext, type PageContext } from './service.js'

export function createPublishing(app: FastifyInstance, sites: Sites, opts: { themeDir?: string; log?: FastifyBaseLogger } = {}) {
  return registerPublishing(app, sites, createTheme(opts.themeDir, opts.log))
}
export type Publishing = ReturnType<typeof createPublishing>
