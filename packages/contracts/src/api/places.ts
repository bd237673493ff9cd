// GET /api/google-maps/places/autocomplete and /details: address entry suggestions. Types only.

export interface PlacePrediction {
  placeId: string
  /** The whole suggestion ('Springfield, Illinois, United States'). */
  description: string
  mainText: string
  secondaryText: string
}

export interface PlacesAutocompleteAnswer {
  predictions: PlacePrediction[]
}

export interface PlaceDetails {
  placeId: string
  formattedAddress: string
  line1: string
  city: string
  /** State / region code where known ('IL'). */
  region: string
  postalCode: string
  /** ISO 3166-1 alpha-2. */
  country: string
  countryName: string
  location: { lat: number; lng: number } | null
}

export interface PlaceDetailsAnswer {
  result: PlaceDetails
}
