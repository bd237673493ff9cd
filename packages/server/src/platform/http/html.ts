// Minimal self-contained HTML pages for platform-level answers (unknown host, errors, missing builds).
import type { FastifyRequest } from 'fastify'

/** The form field a re-sent native form post carries: the page the visitor came from (the Referer is the re-send page). */
export const RETURN_FIELD = 'sw-return'

const samePath = (p: string) => p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\')

/**
 * Where a native form post goes back to (a path on this host, with its query): the re-sent form's `returnTo` field,
 * else the Referer when it is this host; null when neither says.
 */
export function returnPath(request: FastifyRequest): string | null {
  const body = request.body as Record<string, unknown> | undefined
  const field = body && typeof body === 'object' ? body[RETURN_FIELD] : undefined
  if (typeof field === 'string' && samePath(field) && field.length <= 2000) return field
  const referer = request.headers.referer
  if (!referer) return null
  try {
    const url = new URL(referer)
    if (url.host !== request.headers.host) return null
    return `${url.pathname}${url.search}`
  } catch {
    return null
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function plainPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#1f2328;background:#f6f5f2;margin:0;display:grid;place-items:center;min-height:100vh}
main{max-width:34rem;padding:2rem}h1{font-size:1.6rem;margin:0 0 .5rem}p{color:#57606a}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body>
</html>
`
}

/**
 * The page that re-sends a native form post which arrived without the visitor's crumb: the same fields as hidden inputs,
 * the crumb, and one button. The visitor sees what happened and nothing they typed is lost.
 */
export function confirmFormPage(action: string, fields: ReadonlyArray<readonly [string, string]>, crumb: string, back: string | null): string {
  const all: Array<readonly [string, string]> = back ? [...fields, [RETURN_FIELD, back]] : [...fields]
  const hidden = all.map(([n, v]) => `<input type="hidden" name="${escapeHtml(n)}" value="${escapeHtml(v)}">`).join('')
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Send your form again</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#1f2328;background:#f6f5f2;margin:0;display:grid;place-items:center;min-height:100vh}
main{max-width:34rem;padding:2rem}h1{font-size:1.6rem;margin:0 0 .5rem}p{color:#57606a}
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:4px;background:#1f2328;color:#fff;cursor:pointer}</style></head>
<body><main><h1>Send your form again</h1><p>Your browser has not run this site's scripts, so your form arrived without its security token. Nothing you entered is lost: press Send to post it.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="crumb" value="${escapeHtml(crumb)}">${hidden}<button type="submit">Send</button></form></main></body>
</html>
`
}
