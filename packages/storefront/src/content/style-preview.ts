// Live style preview inside the editor's preview frame (loaded only when the page is framed). The editor posts
// `{ type: 'sitewright:style-preview', variables: { '--accent': '#cc0000', ... } | null }`; the page sets those
// theme custom properties on :root (null clears them). Only the platform host (the editor's origin: the site
// host without its first label, same scheme and port, or the site host itself) is listened to, only from the
// parent window, and only known variables with safe values are applied. On start the page tells the editor it is
// ready (`sitewright:style-preview-ready`), so styles chosen before the frame finished loading are re-sent.
// A font variable also adds the server's web font faces stylesheet (/assets/fonts/faces.css) once, so a web font
// picked in the editor shows in its own face before it is saved (the browser fetches only the faces painted).

export const PREVIEW_MESSAGE = 'sitewright:style-preview'
export const READY_MESSAGE = 'sitewright:style-preview-ready'
export const FACES_CSS = '/assets/fonts/faces.css'

const COLOR = ['--paper', '--surface', '--ink', '--muted', '--line', '--accent', '--accent-ink']
const FONT = ['--font-display', '--font-body']
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
const MIX = /^color-mix\(in srgb, #(?:[0-9a-f]{3}|[0-9a-f]{6}) \d{1,3}%, #(?:[0-9a-f]{3}|[0-9a-f]{6})\)$/i
const FAMILY = /^(?:'[A-Za-z0-9 ._-]{1,60}'|"[A-Za-z0-9 ._-]{1,60}"|-?[A-Za-z_][A-Za-z0-9_-]*(?: -?[A-Za-z_][A-Za-z0-9_-]*){0,5})$/

/** A font-family list of quoted or bare names (nothing that could end a declaration). */
function isStack(v: string): boolean {
  const parts = v.split(',').map((f) => f.trim())
  return v.length <= 300 && parts.length <= 12 && parts.every((f) => FAMILY.test(f))
}

/** Whether `value` is a safe value of the known theme variable `name`. */
export function safeVariable(name: string, value: unknown): value is string {
  if (typeof value !== 'string') return false
  if (COLOR.includes(name)) return HEX.test(value)
  if (name === '--accent-soft') return HEX.test(value) || MIX.test(value)
  if (FONT.includes(name)) return isStack(value)
  return false
}

/** The editor's origin allowed for this page at `here`, from a candidate (the parent's origin or the referrer). */
export function editorOrigin(here: { protocol: string; hostname: string; port: string }, candidate: string | undefined): string | null {
  let url: URL
  try {
    url = new URL(candidate ?? '')
  } catch {
    return null
  }
  const platform = here.hostname.includes('.') ? here.hostname.slice(here.hostname.indexOf('.') + 1) : here.hostname
  const hostOk = url.hostname === platform || url.hostname === here.hostname
  return hostOk && url.protocol === here.protocol && url.port === here.port ? url.origin : null
}

/** Starts listening; returns a function that stops. Nothing happens when the page is not framed by the editor. */
export function listenForStylePreview(win: Window): () => void {
  if (win.parent === win) return () => {}
  const ancestors = win.location.ancestorOrigins
  const origin = editorOrigin(win.location, (ancestors && ancestors.length > 0 ? ancestors[0] : undefined) ?? win.document.referrer)
  if (!origin) return () => {}
  const root = win.document.documentElement
  let applied: string[] = []

  const onMessage = (e: MessageEvent) => {
    if (e.origin !== origin || e.source !== win.parent) return
    const data = e.data as { type?: unknown; variables?: unknown } | null
    if (!data || data.type !== PREVIEW_MESSAGE) return
    const vars = data.variables && typeof data.variables === 'object' ? (data.variables as Record<string, unknown>) : {}
    const next: string[] = []
    for (const [name, value] of Object.entries(vars)) {
      if (!safeVariable(name, value)) continue
      root.style.setProperty(name, value)
      next.push(name)
      if (FONT.includes(name) && !win.document.querySelector('link[data-font-faces]')) {
        const link = win.document.createElement('link')
        link.rel = 'stylesheet'
        link.href = FACES_CSS
        link.dataset.fontFaces = ''
        win.document.head.appendChild(link)
      }
    }
    for (const name of applied) if (!next.includes(name)) root.style.removeProperty(name)
    applied = next
  }
  win.addEventListener('message', onMessage)
  win.parent.postMessage({ type: READY_MESSAGE }, origin)
  return () => win.removeEventListener('message', onMessage)
}
