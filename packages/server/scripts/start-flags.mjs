// The node flags and environment (glibc malloc settings) `npm start` runs the server with (root package.json's start
// script), so benches measure what users run. BENCH_NODE_FLAGS overrides the flags ('' measures without flags).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** @param {string} root the repository root @returns {string[]} */
export function startNodeFlags(root) {
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean)
  const start = startScript(root)
  return (/node ((?:--[\w-]+=?\S* )*)packages\/server\/dist\/main\.js/.exec(start)?.[1] ?? '').trim().split(' ').filter(Boolean)
}

/** The variables the start script sets with a default (`NAME=${NAME:-value}`), with those defaults.
 * @param {string} root the repository root @returns {Record<string, string>} */
export function startEnv(root) {
  return Object.fromEntries([...startScript(root).matchAll(/(\w+)=\$\{\1:-([^}]*)\}/g)].map((m) => [m[1], m[2]]))
}

/** @param {string} root */
function startScript(root) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start
}
