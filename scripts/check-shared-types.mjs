#!/usr/bin/env node
// Fails when an exported type name is declared both in packages/editor/src and packages/server/src: a shape both
// sides use belongs in packages/contracts (re-exporting it, `export type { X } from ...`, is fine). Run by `npm run lint`.
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

const editor = declaredTypes(join(root, 'packages/editor/src'))
const server = declaredTypes(join(root, 'packages/server/src'))
const both = [...editor.keys()].filter((n) => server.has(n)).sort()
if (both.length) {
  console.error(`Exported type names declared in both the editor and the server (move them to packages/contracts):`)
  for (const n of both) console.error(`  ${n}: ${[...editor.get(n), ...server.get(n)].join(', ')}`)
  process.exit(1)
}
console.log(`shared types: none declared twice (${editor.size} editor, ${server.size} server exported type names)`)
