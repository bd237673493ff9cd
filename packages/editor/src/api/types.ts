// Types of the owner API the editor uses: the contract's (packages/contracts/src/api), re-exported for the editor.
export type { LoginInput, Me, SignupInput, SiteSummary, User, WebsiteSettings } from '@sitewright/contracts'

/** Site ids are strings on the wire and in the editor. */
export type SiteId = string
