// Address search (places). Needs: its provider's configuration.
import { createPlaces, loadPlacesConfig } from '../../domains/places/index.js'
import type { Base } from './base.js'

export function wirePlaces({ db, opts }: Base) {
  return createPlaces(db.orm, { config: loadPlacesConfig(process.env), provider: opts.placesProvider })
}
