#!/usr/bin/env node
// Fails when an exported type name is declared both in packages/server/src and in packages/editor/src or
// packages/storefront/src: a shape the server and a client use belongs in packages/contracts (re-exporting it, `export type { X } from ...`, is fine). Run by `npm run lint`.
import { readdirSync, readFileSync } from 'node:fs'
import { join, dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const DECLARATION = /^export\s+(?:declare\s+)?(?:interface|type|enum|class|abstract\s+class)\s+([A-Za-z_$][\w$]*)/gm

function files(dir) {
  const out = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...files(p))
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

/** Exported type names declared under `dir` -> the files declaring them. */
export function declaredTypes(dir) {
  const names = new Map()
  for (const f of files(dir)) {
    for (const m of readFileSync(f, 'utf8').matchAll(DECLARATION)) {
      const at = names.get(m[1]) ?? []
      at.push(relative(root, f))
      names.set(m[1], at)
    }
  }
  return names
}

// The server and the two packages that talk to it over HTTP: a type name the server and a client both declare is a
// wire shape kept twice. (The editor and the storefront never talk to each other: a name both use is no wire.)
const server = declaredTypes(join(root, 'packages/server/src'))
const clients = [
  ['editor', declaredTypes(join(root, 'packages/editor/src'))],
  ['storefront', declaredTypes(join(root, 'packages/storefront/src'))],
]
const twice = []
for (const [client, names] of clients) {
  for (const n of [...names.keys()].filter((k) => server.has(k)).sort()) twice.push(`  ${n} (${client} and server): ${[...names.get(n), ...server.get(n)].join(', ')}`)
}
if (twice.length) {
  console.error(`Exported type names declared both in the server and in the editor or storefront (move them to packages/contracts):`)
  for (const line of twice) console.error(line)
  process.exit(1)
}
console.log(`shared types: none declared twice (${server.size} server, ${clients.map(([n, m]) => `${m.size} ${n}`).join(', ')} exported type names)`)
