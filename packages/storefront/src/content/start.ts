// Side-effect entry: starts the content behaviours once the document is parsed (imported by ../main.ts).
import { initContent } from './index.js'
import { dropPlaceholders } from './placeholders.js'

function start() {
  let storage: Storage | null = null
  try {
    storage = window.localStorage
  } catch {
    storage = null
  }
  void initContent(document, { storage })
  dropPlaceholders(document) // images' own colours behind them while they load
  // In the editor's preview frame only: live style preview (a tiny lazy chunk; see style-preview.ts).
  if (window.parent !== window) void import('./style-preview.js').then((m) => m.listenForStylePreview(window), () => undefined)
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
  else start()
}
