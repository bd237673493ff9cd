// External-service provider ids (about 80): the services a site connects to or links. The social-link services carry
// the platform's ids for unauthenticated profile links (facebook-unauth 60, twitter-unauth 62, instagram-unauth 64,
// linkedin-unauth 65, youtube-unauth 69, tiktok-unauth 82), as published site contexts show them; the ids SPEC.md does
// not print carry Sitewright's names and are never reused.

export const EXTERNAL_SERVICE_PROVIDERS = {
  twitter: 1, facebook: 2, foursquare: 3, flickr: 4, tumblr: 5, instagram: 6, linkedin: 7, google: 8, dropbox: 9,
  vimeo: 10, youtube: 11, soundcloud: 12, pinterest: 13, behance: 14, dribbble: 15, github: 16, smugmug: 17, '500px': 18,
  rss: 19, email: 20, stripe: 21, paypal: 22, mailchimp: 23, 'google-analytics': 24, 'google-drive': 25, etsy: 26,
  amazon: 27, opentable: 28, bandsintown: 29, xero: 30, shipstation: 31, taxjar: 32, square: 33, afterpay: 34,
  clearpay: 35, zapier: 36, typekit: 37, unsplash: 38, 'getty-images': 39, disqus: 40, yelp: 41, tripadvisor: 42,
  spotify: 43, 'apple-podcasts': 44, bandcamp: 45, itunes: 46, medium: 47, snapchat: 48, twitch: 49, discord: 50,
  whatsapp: 51, telegram: 52, threads: 53, mastodon: 54, reddit: 55, vsco: 56, houzz: 57, goodreads: 58, imdb: 59,
  'facebook-unauth': 60, 'pinterest-unauth': 61, 'twitter-unauth': 62, 'foursquare-unauth': 63, 'instagram-unauth': 64,
  'linkedin-unauth': 65, 'flickr-unauth': 66, 'vimeo-unauth': 67, 'tumblr-unauth': 68, 'youtube-unauth': 69,
  'github-unauth': 70, 'dribbble-unauth': 71, 'behance-unauth': 72, 'soundcloud-unauth': 73, 'spotify-unauth': 74,
  'yelp-unauth': 75, 'smugmug-unauth': 76, 'rss-unauth': 77, 'food-ordering': 78, 'reservation-booking': 79,
  scheduling: 80, 'google-places': 81, 'tiktok-unauth': 82,
} as const
export type ExternalServiceProvider = keyof typeof EXTERNAL_SERVICE_PROVIDERS

/** The social-link services an owner can list (profile and social-links block), each with its provider id. */
export const SOCIAL_SERVICE_PROVIDERS = {
  instagram: EXTERNAL_SERVICE_PROVIDERS['instagram-unauth'],
  facebook: EXTERNAL_SERVICE_PROVIDERS['facebook-unauth'],
  twitter: EXTERNAL_SERVICE_PROVIDERS['twitter-unauth'],
  x: EXTERNAL_SERVICE_PROVIDERS['twitter-unauth'],
  youtube: EXTERNAL_SERVICE_PROVIDERS['youtube-unauth'],
  linkedin: EXTERNAL_SERVICE_PROVIDERS['linkedin-unauth'],
  pinterest: EXTERNAL_SERVICE_PROVIDERS['pinterest-unauth'],
  tiktok: EXTERNAL_SERVICE_PROVIDERS['tiktok-unauth'],
  vimeo: EXTERNAL_SERVICE_PROVIDERS['vimeo-unauth'],
  email: EXTERNAL_SERVICE_PROVIDERS.email,
  github: EXTERNAL_SERVICE_PROVIDERS['github-unauth'],
} as const
export type SocialService = keyof typeof SOCIAL_SERVICE_PROVIDERS
export const SOCIAL_SERVICES = Object.keys(SOCIAL_SERVICE_PROVIDERS) as [SocialService, ...SocialService[]]

/** The provider id of a social service name, or 0 for a name no provider has. */
export function socialServiceId(serviceName: string): number {
  return Object.prototype.hasOwnProperty.call(SOCIAL_SERVICE_PROVIDERS, serviceName) ? SOCIAL_SERVICE_PROVIDERS[serviceName as SocialService] : 0
}
