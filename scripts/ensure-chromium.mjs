#!/usr/bin/env node
// Finds a Chromium for the e2e tier: CHROME_PATH, else /usr/bin/chromium.
// When none is found and we are root with apt-get, installs Debian's `chromium`; otherwise fails with what to install.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)
const found = candidates.find((p) => existsSync(p))
if (found) {
  console.log(`e2e browser: ${found}`)
  process.exit(0)
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
if (isRoot && hasApt) {
  console.log('No Chromium found: installing Debian package `chromium` with apt-get ...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  const res = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  if (res.status === 0 && existsSync('/usr/bin/chromium')) process.exit(0)
}
console.error(
  'No Chromium found for the browser tests. Install Debian/Ubuntu package `chromium` ' +
    '(apt-get install chromium) or set CHROME_PATH to a Chromium/Chrome executable.',
)
process.exit(1)
