#!/usr/bin/env node
// The `sitewright` command as installed: `npm install` links this file (it is in the checkout, so the link exists
// before the build) into node_modules/.bin, so `npx sitewright ...` resolves offline from the checkout. It runs the
// built CLI (dist/cli.js, built by `npm install`'s prepare step or `npm run build`).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const cli = new URL('../dist/cli.js', import.meta.url)
if (!existsSync(fileURLToPath(cli))) {
  console.error('sitewright: the server is not built yet. Run `npm run build` (or `npm install`) in the checkout first.')
  process.exit(1)
}
await import(cli.href)
