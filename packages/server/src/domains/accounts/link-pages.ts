// The pages behind the links mailed at sign-up. Opening a link changes nothing (mail scanners open links): the page
// says what the link does and a button posts it, with the crumb, to the matching POST route.
import { escapeHtml } from '../../platform/http/html.js'

const STYLE = `*{box-sizing:border-box}body{font:16px/1.5 system-ui,sans-serif;color:#1f2328;background:#f6f5f2;margin:0;display:grid;place-items:center;min-height:100vh}
main{width:calc(100% - 2rem);max-width:34rem;padding:clamp(1.25rem,5vw,2rem);background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);margin:1rem}
strong{overflow-wrap:anywhere}
h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#3d444d}button{font:inherit;font-weight:600;background:#1f2328;color:#fff;border:0;border-radius:8px;padding:.7rem 1.2rem;cursor:pointer}
button:focus-visible{outline:3px solid #0969da;outline-offset:2px}a{color:#0969da}`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sitewright</title>
<style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>
`
}

/** Any page of this file: the same inline style, so one content-security policy fits all of them. */
export const LINK_PAGE_SAMPLE = page('', '')

function confirmForm(action: string, token: string, crumb: string, button: string): string {
  return `<form method="post" action="${action}">
<input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="crumb" value="${escapeHtml(crumb)}">
<button type="submit">${escapeHtml(button)}</button></form>`
}

export function verifyPage(email: string, token: string, crumb: string): string {
  return page(
    'Confirm your email address',
    `<p>Confirm that <strong>${escapeHtml(email)}</strong> is your address for signing in to Sitewright.</p>${confirmForm('/api/auth/verify-email', token, crumb, 'Confirm my address')}`,
  )
}

export function claimPage(email: string, sites: readonly string[], token: string, crumb: string): string {
  const names = sites.length ? sites.map((t) => `<li>${escapeHtml(t)}</li>`).join('') : '<li>(no site)</li>'
  return page(
    'Add a started site to your account',
    `<p>Someone signed up with <strong>${escapeHtml(email)}</strong>, which already has a Sitewright account, and started:</p><ul>${names}</ul>
<p>If that was you, add it to your account. If not, ignore this; nothing changes and the link lapses in 7 days.</p>${confirmForm('/api/auth/claim', token, crumb, 'Add to my account')}`,
  )
}

export function linkExpiredPage(message: string): string {
  return page('This link does not work', `<p>${escapeHtml(message)}</p><p><a href="/config">Go to Sitewright</a></p>`)
}
