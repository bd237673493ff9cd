// Locates the public conformance corpus (../shared beside the repo root) for tests that read it in place.
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseSections, type Sections } from '../../scripts/spec-format.js'

export const PLUGINS_DIR = fileURLToPath(new URL('../../../../../shared/conformance/jsont/plugins/', import.meta.url))
export const corpusPresent = existsSync(PLUGINS_DIR)

if (!corpusPresent) console.log(`conformance corpus not found at ${PLUGINS_DIR}: corpus-fed commerce tests skipped`)

/** The sections of a corpus file, each parsed as JSON. */
export function corpusJsonSections(name: string): [string, unknown][] {
  const sections: Sections = parseSections(readFileSync(PLUGINS_DIR + name, 'utf8'))
  return Object.entries(sections).map(([key, text]) => [key, JSON.parse(text) as unknown])
}
