// The one skeleton of a domain: `createX(orm, deps)` returns its public API plus these members. src/app builds the
// domains in dependency order, registers every domain's routes, then starts them once the app is ready and stops
// them (in reverse order) when it closes: background work (sweeps, queues, workers) runs only between the two.
import type { FastifyInstance } from 'fastify'

export interface DomainLifecycle {
  /** Registers the domain's HTTP routes (and nothing else: no timers, no hooks). */
  routes(app: FastifyInstance): void | Promise<void>
  /** Starts background work; called once, after the app is ready. */
  start?(): Promise<void>
  /** Stops what `start` began (and drains queued work); called once, before the database closes. */
  stop?(): Promise<void>
}
