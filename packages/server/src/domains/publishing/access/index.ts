// The access area's face to the rest of the publishing domain: what its other areas and its index.ts use.
export { checkPreview, PREVIEW_COOKIE, PREVIEW_PARAM, previewAddress, previewToken } from './preview.js'
export { hasUnlockCookie, isUnlocked, setUnlockCookie, unlockCookieName } from './unlock.js'
