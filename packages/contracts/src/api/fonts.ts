// GET /assets/fonts/catalogue.json: the web font families the font browser offers (types only).
import type { FontCategory } from '../styles.js'
import type { FontPairing } from '../fonts.js'

export interface FontCatalogueEntry {
  id: string
  family: string
  category: FontCategory
  /** The stack a style stores: the family, then its system fallback. */
  stack: string
  weights: number[]
}

export interface FontCatalogueResponse {
  categories: FontCategory[]
  /** A stylesheet declaring every family at 400 and 700 (previews only download the faces they paint). */
  facesCss: string
  fonts: FontCatalogueEntry[]
  pairings: FontPairing[]
}
