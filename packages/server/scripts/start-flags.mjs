// The node flags `npm start` runs the server with (root package.json's start script), so benches measure what users
// run. BENCH_NODE_FLAGS overrides them ('' measures without flags).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** @param {string} root the repository root @returns {string[]} */
export function startNodeFlags(root) {
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean)
  const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start
  return (/node ((?:--[\w-]+=?\S* )*)packages\/server\/dist\/main\.js/.exec(start)?.[1] ?? '').trim().split(' ').filter(Boolean)
}
