// Flat config: typescript-eslint + import-x. Enforces the one-way package chain and domain isolation.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// The server's domains: every folder of packages/server/src/domains, read here so a new domain is covered by the
// boundary rule below the moment its folder exists (a hand-kept list had fallen behind by five domains).
const domainsDir = fileURLToPath(new URL('./packages/server/src/domains/', import.meta.url))
const domainNames = readdirSync(domainsDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort()

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-archive/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
    },
  },
  // jsont is pure: no I/O, no server, no DOM packages.
  {
    files: ['packages/jsont/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:fs', 'node:fs/*', 'fs', 'node:net', 'node:http', 'node:child_process'], message: 'packages/jsont is pure: partials, data, locale and the clock come in through render().' },
            { group: ['@sitewright/server', '@sitewright/server/*', '@sitewright/editor', '@sitewright/storefront'], message: 'One-way package chain: jsont depends on nothing of ours.' },
          ],
        },
      ],
    },
  },
  // contracts is shared by the server and the browser editor: plain data and functions, no imports at all.
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\.\\.?/)', message: 'packages/contracts imports nothing but its own files: the server and the browser editor both load it.' }] }],
    },
  },
  // Server domains never reach into each other's insides: cross-domain work goes through src/app (orchestration)
  // or a domain's public index.ts.
  ...domainNames.map((d) => ({
    files: [`packages/server/src/domains/${d}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: domainNames
            .filter((o) => o !== d)
            .flatMap((o) => {
              const message = `Domain '${d}' may not import the insides of domain '${o}': use its public index.ts or orchestrate in src/app.`
              return [
                { group: [`**/domains/${o}/*`, `!**/domains/${o}/index.js`], message },
                // relative imports from any depth of the domain's folder ('../accounts/x.js', '../../accounts/x.js')
                { regex: `^(\\.\\./)+${o}/(?!index\\.js$)`, message },
              ]
            }),
        },
      ],
    },
  })),
)
