import { z } from 'zod'
import { canonicalLocaleTag, type WebsiteSettings } from '@sitewright/contracts'
import type { Assert, Same } from '../../platform/http/contract.js'

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'))
TIME_ZONES.add('UTC')
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'))

const isLocale = (tag: string): boolean => canonicalLocaleTag(tag) !== null

/** WebsiteSettings of the owner API contract. */
export const websiteSettings = z
  .object({
    title: z.string().trim().min(1, 'Enter a site title.').max(100, 'Use at most 100 characters.'),
    commentsEnabled: z.boolean({ error: 'Choose on or off.' }),
    disqusShortName: z
      .string()
      .trim()
      .max(64, 'Use at most 64 characters.')
      .regex(/^[A-Za-z0-9_-]*$/, 'Use only letters, digits, hyphens and underscores.'),
    simpleLikingEnabled: z.boolean({ error: 'Choose on or off.' }),
    likesRequireSignIn: z.boolean({ error: 'Choose on or off.' }),
    timeZone: z.string().refine((v) => TIME_ZONES.has(v), 'Choose a time zone such as America/New_York.'),
    useCLDRMoneyFormat: z.boolean({ error: 'Choose on or off.' }),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => /^[A-Z]{3}$/.test(v) && CURRENCIES.has(v), 'Choose a three-letter ISO 4217 currency code such as USD.'),
    locale: z.string().trim().refine(isLocale, 'Choose a language tag such as en-US.'),
    /** The site icon: an image of the site's files (its id), or null for the default icon. */
    iconImageId: z.string().regex(/^[0-9a-f]{24}$/, 'Choose an image of the site’s files.').nullable(),
  })
  .strict()
export type { WebsiteSettings }
type _WebsiteSettingsAgree = Assert<Same<z.infer<typeof websiteSettings>, WebsiteSettings>>

/** PATCH body: any subset of the settings; unknown keys are rejected. */
export const settingsPatch = websiteSettings.partial().strict()
export type SettingsPatch = z.infer<typeof settingsPatch>

export const siteIdParams = z.object({ siteId: z.string().regex(/^[0-9a-f]{24}$/, 'Unknown site id.') }).strict()

export const settingsResponse = z.object({ settings: websiteSettings })

/** Host labels that never name a site. */
export const RESERVED_SLUGS = new Set(['www', 'api', 'app', 'admin', 'config', 'assets', 'static', 'mail', 'status'])
