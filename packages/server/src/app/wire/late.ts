// The one way a wiring file reaches a part built after it (the app's only forward references). A part is bound
// once, right where build-app.ts builds it (`late.bind('notify', ...)`); a wiring file that needs it earlier calls
// `late.get('notify')` inside a closure run only while requests are served or jobs run, never while wiring.
// `peek` is for the two ports the HTTP server asks before the domains exist (fast paths, page headers).
import type { FastPath } from '../http-server.js'
import type { CrumbIssuer } from '../../platform/http/crumb.js'
import type { Billing } from '../../domains/billing/index.js'
import type { Members } from '../../domains/members/index.js'
import type { Notify } from '../../domains/notify/index.js'
import type { Publishing } from '../../domains/publishing/index.js'
import type { Restock } from '../../domains/restock/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Tracking } from '../../domains/tracking/index.js'

/** Everything a wiring file may use before it is built. Add a key here (and bind it) to reach a later part. */
export interface LateParts {
  sites: Sites
  crumbs: CrumbIssuer
  billing: Billing
  members: Members
  notify: Notify
  restock: Restock
  publishing: Publishing
  tracking: Tracking
  /** The security headers of published pages (the HTTP server's router errors carry them too). */
  pageHeaders: (secure: boolean) => Readonly<Record<string, string>>
  /** The built assets' hashed URLs. */
  assetUrl: (path: string) => string
  /** Census hits and cached pages, answered before Fastify. */
  fastPath: FastPath
}

export interface Late {
  bind<K extends keyof LateParts>(key: K, part: LateParts[K]): LateParts[K]
  /** The bound part; throws when it is used before it is built (a wiring mistake, never a request's). */
  get<K extends keyof LateParts>(key: K): LateParts[K]
  /** The bound part, or undefined before it is built. */
  peek<K extends keyof LateParts>(key: K): LateParts[K] | undefined
}

export function createLate(): Late {
  const parts: Partial<LateParts> = {}
  return {
    bind(key, part) {
      if (parts[key] !== undefined) throw new Error(`${key} is bound twice`)
      parts[key] = part
      return part
    },
    get(key) {
      const part = parts[key]
      if (part === undefined) throw new Error(`${key} is used before it is built`)
      return part as LateParts[typeof key]
    },
    peek: (key) => parts[key],
  }
}
