// Once per e2e run: boot the real server on an empty data directory (migrations, demo site, demo member), stop it
// cleanly, and hand its directory to every test file as a template to copy. Each file still gets its own server
// and its own data, but skips the first-boot work (initdb, migrations, seeding): about 4x faster to healthy.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { demoSite, until } from './fixture.js'
import { ownerClient } from './owner-api.js'
import { startServer } from './server.js'

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDataTemplate: string
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'sitewright-e2e-template-'))
  const server = await startServer({ dataDir: dir })
  // the demo's image sizes are made in the background after the seed: stopped before they are done, every test
  // file's server would make them again at its start (half of them were unfinished: about 10 s of a file's start
  // under CI's load, on the cores its tests need)
  await imageSizesMade(server.baseUrl).catch(async (e: unknown) => {
    await server.stop()
    throw e
  })
  const code = await server.stop()
  if (code !== 0) throw new Error(`the template server did not stop cleanly (exit ${code}):\n${server.output()}`)
  project.provide('e2eDataTemplate', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}

/** Waits until no file of the demo site is still having its sizes made (at most 60 s). */
async function imageSizesMade(baseUrl: string): Promise<void> {
  const owner = ownerClient(baseUrl)
  const site = await demoSite(baseUrl, owner)
  const listed = await until(
    () => owner.call<{ files: { status: string }[] }>('GET', `/api/sites/${site.id}/files?limit=100`),
    (res) => res.status !== 200 || !res.body.files.some((f) => f.status === 'processing'),
    "the demo's image sizes",
    60_000,
  )
  if (listed.status !== 200) throw new Error(`listing the demo's files failed: ${listed.status}`)
}
