// A self-contained page listing the operations of /api/openapi.json (nothing loaded from the network).
export function docsPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sitewright API</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#fafafa}
main{max-width:60rem;margin:0 auto;padding:2rem 1.25rem}
h1{margin:0 0 .25rem}.muted{color:#57606a}
section{background:#fff;border:1px solid #d0d7de;border-radius:8px;margin:1rem 0;padding:.75rem 1rem}
.m{display:inline-block;min-width:4.5rem;font:600 12px ui-monospace,monospace;padding:2px 6px;border-radius:4px;color:#fff;text-align:center}
.GET{background:#1a7f37}.POST{background:#0969da}.PATCH{background:#9a6700}.PUT{background:#8250df}.DELETE{background:#cf222e}
code{font:13px ui-monospace,monospace}details{margin-top:.4rem}pre{background:#f6f8fa;padding:.5rem;overflow:auto;font-size:12px}
</style></head>
<body><main>
<h1>Sitewright API</h1>
<p class="muted">Generated from <a href="/api/openapi.json">/api/openapi.json</a>. State-changing calls need the
<code>crumb</code> cookie echoed as the <code>X-CSRF-Token</code> header.</p>
<div id="ops">Loading…</div>
</main>
<script>
fetch('/api/openapi.json').then(function (r) { return r.json() }).then(function (doc) {
  var root = document.getElementById('ops'); root.textContent = ''
  Object.keys(doc.paths).sort().forEach(function (path) {
    Object.keys(doc.paths[path]).forEach(function (method) {
      var op = doc.paths[path][method]
      var s = document.createElement('section')
      var h = document.createElement('div')
      var m = document.createElement('span'); m.className = 'm ' + method.toUpperCase(); m.textContent = method.toUpperCase()
      var p = document.createElement('code'); p.textContent = ' ' + path
      h.appendChild(m); h.appendChild(p); s.appendChild(h)
      var d = document.createElement('div'); d.className = 'muted'; d.textContent = op.summary || ''; s.appendChild(d)
      var codes = Object.keys(op.responses || {}).map(function (c) { return c + ' ' + op.responses[c].description })
      var r = document.createElement('div'); r.textContent = 'Responses: ' + codes.join(' · '); s.appendChild(r)
      if (op.requestBody) {
        var det = document.createElement('details'); var sum = document.createElement('summary'); sum.textContent = 'Request body'
        var pre = document.createElement('pre'); var c = op.requestBody.content; pre.textContent = JSON.stringify(c[Object.keys(c)[0]].schema, null, 2)
        det.appendChild(sum); det.appendChild(pre); s.appendChild(det)
      }
      root.appendChild(s)
    })
  })
}).catch(function (e) { document.getElementById('ops').textContent = 'Could not load the API description: ' + e })
</script>
</body></html>
`
}
