// What every wiring file is handed: the platform plumbing built before any domain, and the `late` ports.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.js'
import type { Db } from '../../platform/db/index.js'
import type { Counters } from '../../platform/counters.js'
import type { DomainEvents } from '../../platform/events.js'
import type { Jobs } from '../../platform/jobs.js'
import { getOrCreateSecret } from '../../platform/secrets.js'
import type { FormsConfig } from '../../domains/forms/index.js'
import type { Mailer } from '../../domains/mail/index.js'
import type { PlacesProvider } from '../../domains/places/index.js'
import type { Publishing } from '../../domains/publishing/index.js'
import type { TrackingDeps } from '../../domains/tracking/index.js'
import type { ClusterPorts } from '../cluster.js'
import type { Late } from './late.js'

/** The sender address of site mails (the sender name is always the site's title). */
export const MAIL_FROM_ADDRESS = 'no-reply@sitewright.local'

/** Tracking knobs for tests and benchmarks (country lookup, buffer timing). */
export type TrackingOptions = Pick<TrackingDeps, 'countryOf' | 'buffer'>

/** What tests, benches and the CLI may hand the app; `background: false` starts no background work. */
export interface BuildOptions {
  db?: Db
  commerceRateLimit?: { max: number; windowMs: number }
  formsConfig?: FormsConfig
  tracking?: TrackingOptions
  placesProvider?: PlacesProvider
  background?: false
  /** Per image fetched by an import (ms; tests shorten it). */
  importImageTimeoutMs?: number
}

export interface Base {
  config: Config
  db: Db
  fastify: FastifyInstance
  log: FastifyBaseLogger
  cluster: ClusterPorts
  counters: Counters
  mailer: Mailer
  /** The job queue (declare a queue while wiring; it runs between the app's start and stop). */
  jobs: Jobs
  /** The domain-event bus (platform/events.ts): durable subscribers run on `jobs`. */
  events: DomainEvents
  opts: Omit<BuildOptions, 'db'>
  late: Late
  /** Where the editor and the account links live (the root host), for links in mails. */
  platformUrl: string
  /** A named secret of this installation (made on first use). */
  secret(name: string): Promise<string>
  /** Drops a site's cached pages on every node (publishing's, bound late). */
  invalidatePages: Publishing['invalidate']
  /** Renders a system page (sign-in, lock, ...) in the site's theme (publishing's, bound late). */
  renderSystemPage: Publishing['renderSystemPage']
}

export function createBase(
  parts: Omit<Base, 'platformUrl' | 'secret' | 'invalidatePages' | 'renderSystemPage'>,
): Base {
  const { config, db, late } = parts
  return {
    ...parts,
    platformUrl: `http://${config.rootDomain}${config.publicPort === 80 ? '' : `:${config.publicPort}`}`,
    secret: (name) => getOrCreateSecret(db.orm, name),
    invalidatePages: (siteId) => late.get('publishing').invalidate(siteId),
    renderSystemPage: (request, reply, page) => late.get('publishing').renderSystemPage(request, reply, page),
  }
}
