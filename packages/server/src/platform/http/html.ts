// Minimal self-contained HTML pages for platform-level answers (unknown host, errors, missing builds).

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
