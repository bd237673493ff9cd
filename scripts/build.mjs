#!/usr/bin/env node
// Builds every workspace package in dependency order.
// `--if-needed` skips a package whose outputs are newer than all of its inputs (used by `npm start` and `prepare`).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { archiveHashed, precompress } from './precompress.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const ifNeeded = process.argv.includes('--if-needed')

/** Build order: the one-way package chain (contracts, jsont -> storefront, editor -> server). */
const steps = [
  { dir: 'packages/contracts', inputs: ['src', 'package.json', 'tsconfig.build.json'] },
  { dir: 'packages/jsont', inputs: ['src', 'package.json', 'tsconfig.build.json'] },
  { dir: 'packages/storefront', inputs: ['src', 'package.json', 'vite.config.ts'], assets: true },
  // the editor bundles contracts, so a change there rebuilds it
  { dir: 'packages/editor', inputs: ['src', 'index.html', 'package.json', 'vite.config.ts', '../contracts/src'], assets: true },
  { dir: 'packages/server', inputs: ['src', 'package.json', 'tsconfig.build.json'] },
]

function newest(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let max = st.mtimeMs
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)))
  return max
}

let failed = false
for (const step of steps) {
  const dir = join(root, step.dir)
  const stamp = join(dir, 'dist', '.build-stamp')
  if (ifNeeded && existsSync(stamp)) {
    const built = statSync(stamp).mtimeMs
    const changed = Math.max(...step.inputs.map((p) => newest(join(dir, p))))
    if (changed <= built) continue
  }
  const started = Date.now()
  // the previous build's hashed files stay reachable for pages cached before this build
  if (step.assets) archiveHashed(join(dir, 'dist'))
  const res = spawnSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: 'inherit' })
  if (res.status !== 0) {
    console.error(`build failed in ${step.dir}`)
    failed = true
    break
  }
  if (step.assets) precompress(join(dir, 'dist'))
  writeFileSync(stamp, new Date().toISOString())
  console.log(`built ${step.dir} in ${Date.now() - started} ms`)
}
/** Runs an ES module snippet against the built server, from the repository root; false when it failed. */
const runBuilt = (code) => spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, stdio: 'inherit' }).status === 0
// a migrated PGlite database for new data dirs to start from (skips initdb at first start); quick when current
if (!failed) failed = !runBuilt("const m = await import('./packages/server/dist/platform/db/index.js'); const r = await m.writePgliteBase(); if (r === 'written') console.log('wrote packages/server/dist/pglite-base.tar')")
// the demo site's pictures, drawn once here so that a first start reads them (quick when present)
if (!failed) failed = !runBuilt("const m = await import('./packages/server/dist/app/demo-content/images.js'); const n = await m.writeDemoImages(); if (n > 0) console.log(`drew ${n} demo images into packages/server/dist/demo-images`)")
// theme assets are not built, only compressed (into themes/default/dist/assets); quick when up to date
if (!failed) precompress(join(root, 'themes/default/assets'), join(root, 'themes/default/dist/assets'))
process.exit(failed ? 1 : 0)
