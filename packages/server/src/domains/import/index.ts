// Public API of the import domain: bring a site over from another platform (WordPress/Squarespace WXR, Ghost JSON,
// Shopify and WooCommerce product CSVs).
// Creates through the other domains' public functions (ports), never their tables; idempotent by source id.
import { createReadStream } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { IMPORT_KINDS, type ImportKind, type ImportReportView } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { createJobs, type ImportJobs } from './jobs.js'
import type { ImportPorts } from './ports.js'
import { registerImportRoutes, type ImportRouteDeps } from './routes.js'
import { createSourceMap } from './source-map.js'
import { importGhost, readGhost } from './ghost.js'
import { readShopifyCsv, readWooCsv } from './products-csv.js'
import { importProducts } from './products-import.js'
import { importWxr } from './wxr-import.js'
import { readWxr } from './wxr.js'

export { importTables } from './schema.js'
export { ImportFailure } from './errors.js'
export { convertContent } from './convert.js'
export type { ImportPorts, StoredImage } from './ports.js'

export interface ImportDeps extends ImportRouteDeps {
  ports: ImportPorts
  /** Where uploads wait while their job runs. */
  dataDir: string
  log?: { error(obj: object, msg: string): void } | undefined
}

export type ImportSource = () => AsyncIterable<Buffer | string>

const unsupported = (kind: string) => new AppError('unprocessable', 'import_kind_unsupported', `Importing ${kind} files is not available; the kinds are ${IMPORT_KINDS.join(', ')}.`)

export function createImport(orm: Orm, deps: ImportDeps) {
  const sources = createSourceMap(orm)
  /** Imports one file into a site; throws ImportFailure (nothing imported) for a bad file. */
  async function run(siteId: string, kind: ImportKind, open: ImportSource, progress?: (done: number, total: number) => Promise<void> | void): Promise<ImportReportView> {
    const opts = { siteId, open, ...(progress ? { progress } : {}) }
    if (kind === 'wxr') return (await importWxr(deps.ports, sources, opts)).view()
    if (kind === 'ghost') return (await importGhost(deps.ports, sources, opts)).view()
    if (kind === 'shopify-csv' || kind === 'woo-csv') return (await importProducts(deps.ports, sources, { ...opts, kind })).view()
    throw unsupported(kind)
  }
  const jobs: ImportJobs = createJobs(orm, { run, dataDir: deps.dataDir, log: deps.log })
  return {
    routes(app: FastifyInstance): void {
      registerImportRoutes(app, jobs, deps)
    },
    async stop(): Promise<void> {
      await jobs.drain()
    },
    run,
    /** Reads a file whole without importing (throws ImportFailure naming the line); answers its site's title. */
    async check(kind: ImportKind, open: ImportSource): Promise<{ title: string; items: number }> {
      let items = 0
      if (kind === 'wxr') {
        const channel = await readWxr(open(), () => void items++)
        return { title: channel.title, items }
      }
      if (kind === 'ghost') {
        const ghost = await readGhost(open())
        return { title: ghost.title, items: ghost.posts.length + ghost.members.length }
      }
      if (kind === 'shopify-csv') await readShopifyCsv(open(), () => void items++)
      else if (kind === 'woo-csv') await readWooCsv(open, () => void items++)
      else throw unsupported(kind)
      return { title: '', items }
    },
    /** Imports a file on disk (the CLI). */
    importFile: (siteId: string, kind: ImportKind, path: string, progress?: (done: number, total: number) => void) => run(siteId, kind, () => createReadStream(path), progress),
    jobs,
  }
}

export type Import = ReturnType<typeof createImport>
