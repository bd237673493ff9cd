// Whole-site export and import (.swz archives): the editor's Settings -> Export / Import and `sitewright export` /
// `sitewright import`. Which tables an archive holds is one list composed in app/transfer/rules.ts (checked against
// every table of the schema); this domain reads and writes them through the database, never through other domains'
// services, and the stored file bytes through the file storage.
import type { FastifyInstance } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { DomainLifecycle } from '../../platform/domain.js'
import { prepareExport, type ExportOptions } from './export.js'
import { importSite, type ImportOptions } from './import.js'
import { registerTransferRoutes, type TransferRouteDeps } from './routes.js'
import type { TransferDeps } from './types.js'

export { exportedRules, type ExportOptions, type PreparedExport } from './export.js'
export type { ImportOptions, ImportProgress } from './import.js'
export { parseManifest, type Manifest } from './manifest.js'
export { tableInfo, type TransferRule } from './rows.js'
export { readTar, writeTar, type TarMember } from './tar.js'
export type { TransferDeps } from './types.js'

export function createTransfer(orm: Orm, deps: TransferDeps & TransferRouteDeps) {
  const api = {
    prepareExport: (siteId: string, opts: ExportOptions) => prepareExport(orm, deps, siteId, opts),
    importSite: (source: AsyncIterable<Buffer>, opts: ImportOptions) => importSite(orm, deps, source, opts),
  }
  const domain: DomainLifecycle & { api: typeof api } = {
    api,
    routes(app: FastifyInstance) {
      registerTransferRoutes(app, api, deps)
    },
  }
  return domain
}

export type TransferApi = ReturnType<typeof createTransfer>['api']
export type Transfer = ReturnType<typeof createTransfer>
