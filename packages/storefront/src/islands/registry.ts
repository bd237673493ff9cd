// Island name -> lazily imported module. Each entry becomes its own chunk; React lands in a shared chunk
// that only pages with islands download.
import type { IslandModule } from '../core/islands.js'

export const ISLANDS: Readonly<Record<string, () => Promise<IslandModule>>> = {
  'char-counter': () => import('./char-counter.js'),
}
