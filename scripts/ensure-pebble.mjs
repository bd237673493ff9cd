#!/usr/bin/env node
// Finds Debian's `pebble` (an ACME test server) and `pebble-challtestsrv` (its DNS server with a management API) for
// the custom-domain tests. When missing and we are root with apt-get, installs the Debian package `pebble`;
// otherwise says so: the ACME tests then skip themselves with the same message (never a failure).
import { spawnSync } from 'node:child_process'

const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0
const ok = () => has('pebble') && has('pebble-challtestsrv')

if (ok()) {
  console.log('ACME tests: pebble and pebble-challtestsrv found')
  process.exit(0)
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
if (isRoot && has('apt-get')) {
  console.log('No pebble found: installing Debian package `pebble` with apt-get ...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  spawnSync('apt-get', ['install', '-y', '-qq', 'pebble'], { stdio: 'inherit', env })
  if (ok()) process.exit(0)
}
console.log('ACME tests will be skipped: install the Debian package `pebble` (apt-get install pebble) to run them.')
process.exit(0)
