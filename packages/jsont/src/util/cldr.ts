// CLDR instances per locale, created lazily; locale data packs are loaded on first use of a language.
import { createRequire } from 'node:module'
import { CLDRFramework, type CLDR } from '@phensley/cldr'

const requirePack = createRequire(import.meta.url)
let framework: CLDRFramework | undefined
const byLocale = new Map<string, CLDR | undefined>()

function getFramework(): CLDRFramework {
  framework ??= new CLDRFramework({
    loader: (language: string): unknown => requirePack(`@phensley/cldr/packs/${language}.json`),
    packCacheSize: 8,
  })
  return framework
}

/** The CLDR API for a BCP 47 tag ('en-US', 'fr_FR' also accepted); undefined for 'none' or unusable tags. */
export function cldrFor(locale: string): CLDR | undefined {
  if (!locale || locale === 'none') return undefined
  if (byLocale.has(locale)) return byLocale.get(locale)
  let api: CLDR | undefined
  try {
    api = getFramework().get(locale.replace(/_/g, '-'))
  } catch {
    api = undefined
  }
  if (byLocale.size > 64) byLocale.clear()
  byLocale.set(locale, api)
  return api
}
