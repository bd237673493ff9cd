// Import jobs the editor follows: the upload is written to DATA_DIR/imports/<job>.upload, the import runs in this
// process (its row carries progress, then the report or the error), and the upload is removed when it ends.
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { and, desc, eq } from 'drizzle-orm'
import type { ImportJobView, ImportKind, ImportReportView } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId } from '../../platform/ids.js'
import { importJobs } from './schema.js'

type Run = (siteId: string, kind: ImportKind, open: () => AsyncIterable<Buffer | string>, progress: (done: number, total: number) => Promise<void>) => Promise<ImportReportView>

export interface ImportJobs {
  start(siteId: string, kind: ImportKind, fileName: string, body: NodeJS.ReadableStream, maxBytes: number): Promise<ImportJobView>
  get(siteId: string, jobId: string): Promise<ImportJobView>
  list(siteId: string): Promise<ImportJobView[]>
  /** Resolves when every job this process started has ended. */
  drain(): Promise<void>
}

const view = (r: typeof importJobs.$inferSelect): ImportJobView => ({
  id: r.id,
  kind: r.kind,
  fileName: r.fileName,
  status: r.status === 'done' || r.status === 'failed' ? r.status : 'running',
  done: r.done,
  total: r.total,
  report: (r.report as ImportReportView | null) ?? null,
  error: r.error,
  createdOn: r.createdAt.getTime(),
})

export function createJobs(orm: Orm, deps: { run: Run; dataDir: string; log?: { error(obj: object, msg: string): void } | undefined }): ImportJobs {
  const running = new Set<Promise<void>>()
  const dir = join(deps.dataDir, 'imports')

  async function save(id: string, body: NodeJS.ReadableStream, maxBytes: number): Promise<string> {
    await mkdir(dir, { recursive: true })
    const file = join(dir, `${id}.upload`)
    let size = 0
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer | string>) {
          for await (const chunk of source) {
            size += chunk.length
            if (size > maxBytes) throw new AppError('payload_too_large', 'import_too_large', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`)
            yield chunk
          }
        },
        createWriteStream(file),
      )
    } catch (e) {
      await rm(file, { force: true })
      throw e
    }
    if (size === 0) {
      await rm(file, { force: true })
      throw new AppError('invalid_data', 'import_empty', 'Choose a file to import: this one is empty.')
    }
    return file
  }

  return {
    async start(siteId, kind, fileName, body, maxBytes) {
      const id = newId()
      const file = await save(id, body, maxBytes)
      const [row] = await orm.insert(importJobs).values({ id, siteId, kind, fileName: fileName.slice(0, 200) }).returning()
      const update = (set: Partial<typeof importJobs.$inferInsert>) => orm.update(importJobs).set({ ...set, updatedAt: new Date() }).where(eq(importJobs.id, id))
      const work = deps
        .run(siteId, kind, () => createReadStream(file), async (done, total) => {
          await update({ done, total, phase: 'importing' })
        })
        .then(
          (report) => update({ status: 'done', phase: 'done', report }),
          (e: unknown) => {
            if (!(e instanceof AppError)) deps.log?.error({ err: e }, 'import failed')
            return update({ status: 'failed', phase: 'done', error: e instanceof AppError ? e.message : 'The import stopped on an unexpected error; importing the same file again resumes it.' })
          },
        )
        .catch(() => undefined)
        .finally(() => rm(file, { force: true }).catch(() => undefined))
        .then(() => undefined)
      running.add(work)
      void work.finally(() => running.delete(work))
      return view(row!)
    },
    async get(siteId, jobId) {
      const [row] = await orm.select().from(importJobs).where(and(eq(importJobs.siteId, siteId), eq(importJobs.id, jobId)))
      if (!row) throw new AppError('not_found', 'import_not_found', 'No such import.')
      return view(row)
    },
    async list(siteId) {
      const rows = await orm.select().from(importJobs).where(eq(importJobs.siteId, siteId)).orderBy(desc(importJobs.createdAt)).limit(20)
      return rows.map(view)
    },
    async drain() {
      while (running.size) await Promise.all([...running])
    },
  }
}
