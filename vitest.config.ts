import { defineConfig } from 'vitest/config'

// Three tiers (see ARCHITECTURE.md):
//   unit         *.test.ts(x) next to code or under test/, no I/O beyond the file system
//   integration  packages/server/**/*.itest.ts against a real database (PGlite, or PostgreSQL via DATABASE_URL)
//   e2e          e2e/**/*.e2e.ts in real Chromium against the running server
const source = { conditions: ['@sitewright/source'] }
// Vitest runs Node-side tests through Vite's SSR pipeline, which takes its own resolve conditions.
const ssr = { resolve: { conditions: ['@sitewright/source'], externalConditions: ['@sitewright/source'] } }

export default defineConfig({
  resolve: source,
  ssr,
  test: {
    projects: [
      {
        resolve: source,
        ssr,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}', 'themes/*/test/**/*.test.ts'],
          environment: 'node',
          // Files share their worker's modules and (for jsdom files) its document: ~10x faster than a fresh
          // worker and jsdom per file. A test that reads global DOM state starts by clearing what it reads.
          isolate: false,
        },
      },
      {
        resolve: source,
        ssr,
        test: {
          name: 'integration',
          include: ['packages/*/src/**/*.itest.ts', 'packages/*/test/**/*.itest.ts'],
          globalSetup: ['packages/server/test/integration-setup.ts'],
          environment: 'node',
          // Files share their worker's module graph (the server's ~400 modules and PGlite's wasm load once per
          // worker, not once per file): about 1.7x faster. Each file still builds its own app on its own database;
          // a file that changes process.env does it through harness.ts fileEnv/keepEnv, which put it back.
          isolate: false,
          // Two workers even on a 2-core machine (vitest's default there is one): a file waiting on its database,
          // a spawned server or a timer leaves the core to the other.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: source,
        ssr,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits up to 10 s (vitest's default is 1 s): what a page shows after a fetch and a script chunk
          // took longer than 1 s under CI's load (checkout-payments: the Afterpay pill, in a run with every core busy)
          expect: { poll: { timeout: 10_000 } },
          // two files at a time (each has its own server and browser). One at a time left a third of two cores idle
          // (network-idle windows, a spawned server's start): the tier took 590 s alone against 435 s with two. CI's
          // PostgreSQL pass (about 410 s) has ended before this tier starts (about 620 s into npm test), so nothing
          // else competes for the cores here
          maxWorkers: 2,
        },
      },
    ],
  },
})
