#!/usr/bin/env node
// Finds the Chromium the e2e tier launches: CHROME_PATH, else /usr/bin/chromium (see e2e/support/browser.ts).
// When it is missing and we are root with apt-get, installs Debian's `chromium`; otherwise fails with what to
// install. Never downloads a browser any other way.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

const DEFAULT_PATH = '/usr/bin/chromium'
const wanted = process.env.CHROME_PATH || DEFAULT_PATH

function version(path) {
  const res = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 })
  return res.status === 0 ? res.stdout.trim() : null
}

function ok(path) {
  const v = existsSync(path) ? version(path) : null
  if (v) console.log(`e2e browser: ${path} (${v})`)
  return Boolean(v)
}

if (ok(wanted)) process.exit(0)

if (process.env.CHROME_PATH) {
  console.error(`CHROME_PATH=${process.env.CHROME_PATH} is not a runnable Chromium/Chrome executable.`)
  process.exit(1)
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
if (isRoot && hasApt) {
  console.log('No Chromium found: installing Debian package `chromium` with apt-get ...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  const res = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  if (res.status === 0 && ok(DEFAULT_PATH)) process.exit(0)
}

const alternative = ['/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p))
console.error(
  `No Chromium found at ${DEFAULT_PATH} for the browser tests. Install the Debian/Ubuntu package \`chromium\` ` +
    '(apt-get install chromium) or set CHROME_PATH to a Chromium/Chrome executable' +
    (alternative ? ` (for example CHROME_PATH=${alternative}).` : '.'),
)
process.exit(1)
