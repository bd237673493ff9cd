// Lazy CLDR loader: one @phensley/cldr instance per locale, built on first use from the language's resource pack
// (shipped inside the @phensley/cldr package). The executor's ctx.cldr() calls getCldr(locale).
import { createRequire } from 'node:module'
import { CLDRFramework, type CLDR } from '@phensley/cldr'
import { Lru } from '../../lru.js'

/** The locale used when a requested one is empty, malformed or has no data. */
export const DEFAULT_LOCALE = 'en-US'
/** Locale tag meaning "no locale data": i18n formatters print ''. */
export const NO_LOCALE = 'none'

const requirePack = createRequire(import.meta.url)
const packs = new Map<string, unknown>()

function loadPack(language: string): unknown {
  if (!/^[a-z]{2,3}$/.test(language)) throw new Error(`no CLDR data for language '${language}'`)
  let pack = packs.get(language)
  if (pack === undefined) {
    pack = requirePack(`@phensley/cldr/packs/${language}.json`) as unknown
    packs.set(language, pack)
  }
  return pack
}

let framework: CLDRFramework | undefined
function getFramework(): CLDRFramework {
  framework ??= new CLDRFramework({ loader: loadPack, packCacheSize: 16, patternCacheSize: 200 })
  return framework
}

/** CLDR instances by locale tag, least recently used dropped first (the default capacity, 100). */
const instances = new Lru<string, CLDR>()

/** Normalise template-style tags ('en_US', 'en-UK') to BCP 47 as CLDR expects it. */
export function normalizeLocale(locale: string): string {
  const tag = locale.trim().replace(/_/g, '-')
  return tag.replace(/-UK$/i, '-GB')
}

function build(tag: string): CLDR | undefined {
  try {
    const fw = getFramework()
    const resolved = CLDRFramework.resolveLocale(tag)
    if (resolved.tag.language() === 'und') return undefined
    return fw.get(resolved)
  } catch {
    return undefined
  }
}

/**
 * CLDR API for a locale, loaded lazily and cached. 'none' gives undefined. A locale without data (unknown language,
 * malformed tag) falls back to en-US; this never throws.
 */
export function getCldr(locale: string): CLDR | undefined {
  if (locale === NO_LOCALE) return undefined
  const key = locale === '' ? DEFAULT_LOCALE : locale
  const hit = instances.get(key)
  if (hit) return hit
  const cldr = build(normalizeLocale(key)) ?? build(DEFAULT_LOCALE)
  if (!cldr) return undefined
  instances.set(key, cldr)
  return cldr
}

/** True when the tag's language has a CLDR resource pack shipped with @phensley/cldr (the locales a site may use). */
export function hasLocaleData(tag: string): boolean {
  const language = (normalizeLocale(tag).split('-')[0] ?? '').toLowerCase()
  if (!/^[a-z]{2,3}$/.test(language)) return false
  try {
    requirePack.resolve(`@phensley/cldr/packs/${language}.json`)
    return true
  } catch {
    return false
  }
}
