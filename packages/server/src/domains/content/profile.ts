// Site-wide content (description, tag line, logo, social follow accounts, connected-account link entries).
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { CONNECTED_LINK_PROVIDERS, CONNECTED_LINK_TITLE_MAX, CONNECTED_LINKS_MAX, type ConnectedLink, type ConnectedLinkProvider, type SiteProfile } from '@sitewright/contracts'
import { isSafeLink } from '../../platform/url-policy.js'
import type { Orm } from '../../platform/db/index.js'
import { contentSiteProfiles, type ProfileRow } from './schema.js'

// The social services and their provider ids are the platform's enumeration (packages/contracts).
export { SOCIAL_SERVICES } from '@sitewright/contracts'
import { SOCIAL_SERVICES } from '@sitewright/contracts'

export const profilePatch = z
  .object({
    siteDescription: z.string().max(1000, 'Use at most 1000 characters.'),
    tagLine: z.string().max(200, 'Use at most 200 characters.'),
    logoImageId: z.string().min(1).max(64).nullable(),
    socialAccounts: z
      .array(
        z
          .object({
            serviceName: z.enum(SOCIAL_SERVICES, `Choose one of ${SOCIAL_SERVICES.join(', ')}.`),
            userName: z.string().trim().min(1, 'Enter the user name.').max(100),
            profileUrl: z.string().trim().max(2000).refine((v) => /^(https:\/\/|mailto:)\S+$/i.test(v) && isSafeLink(v), 'Links must be formatted as https://example.com'),
          })
          .strict(),
      )
      .max(20),
    connectedLinks: z
      .array(
        z
          .object({
            provider: z.enum(Object.keys(CONNECTED_LINK_PROVIDERS) as [ConnectedLinkProvider], 'Choose online-ordering.'),
            url: z.string().trim().max(2000).refine((v) => /^https:\/\/\S+$/i.test(v) && isSafeLink(v), 'Links must be formatted as https://example.com'),
            title: z.string().trim().max(CONNECTED_LINK_TITLE_MAX, `Use at most ${CONNECTED_LINK_TITLE_MAX} characters.`).default(''),
          })
          .strict(),
      )
      .max(CONNECTED_LINKS_MAX, `Add at most ${CONNECTED_LINKS_MAX} connected accounts.`),
  })
  .partial()
  .strict()
export type ProfilePatch = z.infer<typeof profilePatch>

const EMPTY = (siteId: string): ProfileRow => ({ siteId, siteDescription: '', tagLine: '', logoImageId: null, socialAccounts: [], connectedLinks: [], updatedAt: new Date(0) })

/** The title a connected-account link entry shows: the owner's, else its provider's default ('Order Now'). */
export const connectedLinkTitle = (l: ConnectedLink): string => l.title || CONNECTED_LINK_PROVIDERS[l.provider].defaultTitle

export async function getProfile(orm: Orm, siteId: string): Promise<ProfileRow> {
  const [row] = await orm.select().from(contentSiteProfiles).where(eq(contentSiteProfiles.siteId, siteId))
  return row ?? EMPTY(siteId)
}

export async function updateProfile(orm: Orm, siteId: string, patch: ProfilePatch): Promise<ProfileRow> {
  const [row] = await orm
    .insert(contentSiteProfiles)
    .values({ ...patch, siteId })
    .onConflictDoUpdate({ target: contentSiteProfiles.siteId, set: { ...patch, updatedAt: sql`now()` } })
    .returning()
  return row!
}

export const profileDto = (p: ProfileRow): SiteProfile => ({ siteDescription: p.siteDescription, tagLine: p.tagLine, logoImageId: p.logoImageId, socialAccounts: p.socialAccounts, connectedLinks: p.connectedLinks.map((l) => ({ ...l, title: connectedLinkTitle(l) })) })
