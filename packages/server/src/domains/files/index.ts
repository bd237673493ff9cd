// Public API of the files domain: uploaded assets of a site (storage, records, image variants, public route).
import type { Jobs } from '../../platform/jobs.js'
import { join } from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { Auth } from '../accounts/index.js'
import type { Sites } from '../sites/index.js'
import { DEFAULT_LIMITS_MB, ingest, makeVariants, type IngestContext, type LimitsMb } from './ingest.js'
import { toFileAsset, toImageContext, type FileAsset, type ImageContext } from './present.js'
import { registerFilesRoutes } from './routes.js'
import { registerFavicon } from './favicon.js'
import { registerFileServing } from './serve.js'
import * as svc from './service.js'
import { createDiskStorage, type FileStorage } from './storage.js'
import { createPgStorage } from './storage-pg.js'
import { createS3Storage, type S3Options } from './storage-s3.js'
import { makeModern } from './modern.js'
import { createVariantJobs } from './variant-jobs.js'

export { detectType, isSafeSvg, type DetectedType, type FileKind } from './detect.js'
export { formatBytes, megabytes, MEGABYTE, MESSAGES as FILE_MESSAGES } from './format.js'
export { VARIANT_WIDTHS, type ColorData } from './images.js'
export { DEFAULT_LIMITS_MB, type LimitsMb } from './ingest.js'
export { BODY_DISPLAY_MAX, type FileAsset, type ImageContext } from './present.js'
export { filesTables } from './schema.js'
export { createDiskStorage, type ByteRange, type FileStorage } from './storage.js'
export { createPgStorage } from './storage-pg.js'
export { createS3Storage, type S3Options } from './storage-s3.js'

/**
 * The configured storage: disk (undefined: DATA_DIR/files, one node), PostgreSQL chunked rows or an S3 bucket
 * (several nodes).
 */
export async function openFileStorage(kind: 'disk' | 'postgres' | 's3', orm: Orm, s3: S3Options | null): Promise<FileStorage | undefined> {
  if (kind === 'postgres') return createPgStorage(orm)
  if (kind === 's3') {
    if (!s3) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET')
    return createS3Storage(s3)
  }
  return undefined
}

export interface FilesDeps {
  sites: Sites
  auth: Auth
  /** DATA_DIR: files live under DATA_DIR/files (unless `storage` is given). */
  dataDir: string
  storage?: FileStorage | undefined
  /** Upload limits per kind, in megabytes of 1,000,000 bytes (defaults: DEFAULT_LIMITS_MB). */
  limitsMb?: Partial<LimitsMb>
  log?: FastifyBaseLogger
  /** Told after a change to a file that published pages show (rename, description, focal point, variants, delete). */
  onChange?: (siteId: string) => void
  /** The platform job queue: image variants are its jobs (pg-boss on PostgreSQL, any node runs them). */
  jobs: Jobs
  /** Several nodes share the database (PostgreSQL). */
  shared?: boolean
  /** AVIF and WebP copies of images, served by Accept (default true). */
  modernFormats?: boolean
}

export function createFiles(orm: Orm, deps: FilesDeps) {
  const storage = deps.storage ?? createDiskStorage(join(deps.dataDir, 'files'))
  const changed = (siteId: string) => deps.onChange?.(siteId)
  const ctx: IngestContext = { orm, storage, limitsMb: { ...DEFAULT_LIMITS_MB, ...deps.limitsMb }, log: deps.log, changed }
  const modernFormats = deps.modernFormats ?? true
  const jobs = createVariantJobs({
    orm,
    run: (siteId, id) => makeVariants(ctx, siteId, id),
    ...(modernFormats ? { runModern: (siteId: string, id: string) => makeModern(ctx, siteId, id) } : {}),
    jobs: deps.jobs,
    shared: deps.shared ?? false,
    log: deps.log,
  })
  const enqueueVariants = (siteId: string, id: string) => jobs.enqueue(siteId, id)
  const slugOf = async (siteId: string) => (await deps.sites.get(siteId))?.slug ?? null

  return {
    storage,
    routes(app: FastifyInstance): void {
      registerFilesRoutes(app, { sites: deps.sites, auth: deps.auth, ctx, storage, enqueueVariants, changed })
      registerFileServing(app, orm, storage, { modernFormats })
      registerFavicon(app, orm, storage, deps.sites)
    },
    /** Starts the variant workers and resumes the images whose variants were not finished (any node's). */
    start: () => jobs.start(),
    /** Lets the running variant jobs finish (queued ones are resumed by start or another node); closes the storage. */
    async stop(): Promise<void> {
      await jobs.stop()
      await storage.close?.()
    },
    /** Resolves when the storage answers (/readyz); a missing key is fine, an unreachable store or bucket is not. */
    async ready(): Promise<void> {
      if (storage.ping) await storage.ping()
      else await storage.stat('readyz/probe')
    },
    /** Makes an asset's variants now unless another run holds them (answers 'skipped'); the jobs call this. */
    makeVariants: (siteId: string, id: string) => makeVariants(ctx, siteId, id),
    /** Whether variant jobs go through pg-boss (PostgreSQL) rather than the in-process queue. */
    get variantsUsePgBoss(): boolean {
      return jobs.usesPgBoss
    },
    /**
     * Stores a file given as bytes (demo seed, imports) with the same checks as an upload; image variants
     * follow in the background (`whenIdle()` waits for them). Throws the upload errors.
     */
    async storeBuffer(
      siteId: string,
      filename: string,
      buffer: Buffer,
      meta?: { altText?: string; title?: string; body?: string },
    ): Promise<FileAsset> {
      const row = await ingest(ctx, siteId, { filename, source: buffer, ...(meta ? { meta } : {}) })
      if (row.status === 'processing') enqueueVariants(siteId, row.id)
      return toFileAsset((await slugOf(siteId)) ?? '', row)
    },
    /** The Image context (themes/default/CONTEXT.md) of each found asset of the site, by id. */
    async getAssets(siteId: string, ids: readonly string[]): Promise<Map<string, ImageContext>> {
      const out = new Map<string, ImageContext>()
      const wanted = ids.filter((id) => /^[0-9a-f]{24}$/.test(id))
      if (wanted.length === 0) return out
      const [slug, rows] = await Promise.all([slugOf(siteId), svc.assetsByIds(orm, siteId, wanted)])
      if (slug === null) return out
      for (const row of rows) out.set(row.id, toImageContext(slug, row))
      return out
    },
    /** One asset in the owner shape, or null. */
    async getAsset(siteId: string, id: string): Promise<FileAsset | null> {
      if (!/^[0-9a-f]{24}$/.test(id)) return null
      const row = await svc.getAsset(orm, siteId, id)
      const slug = row && (await slugOf(siteId))
      return row && slug !== null ? toFileAsset(slug, row) : null
    },
    /** Queues the variants of a site's images still marked 'processing' (a site just imported). */
    async resume(siteId: string): Promise<void> {
      for (const a of await svc.unfinished(orm)) if (a.siteId === siteId) enqueueVariants(a.siteId, a.id)
    },
    /** Resolves when every variant job this node queued has finished (wherever it ran). */
    whenIdle: () => jobs.idle(),
  }
}

export type Files = ReturnType<typeof createFiles>
