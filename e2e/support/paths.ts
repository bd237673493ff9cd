import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const ARTIFACTS = join(REPO_ROOT, 'e2e', 'artifacts')

/** Built outputs the end-to-end tier needs; it never builds them itself. */
export const REQUIRED_BUILDS = [
  'packages/server/dist/main.js',
  'packages/editor/dist/index.html',
  'packages/storefront/dist/storefront.js',
]

/** The demo owner of the owner API contract (printed by the server at start-up). */
export const DEMO_OWNER = { email: 'demo@sitewright.local', password: 'sitewright-demo' }
