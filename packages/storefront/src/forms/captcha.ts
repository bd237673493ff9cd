// Captcha of site forms: the site key decides (no site key: nothing is rendered); the widget is
// compact when its container is under 320px wide, else normal. Providers: self-hosted ALTCHA proof-of-work
// (the altcha widget, a lazy chunk) or a reCAPTCHA-compatible script.
export const CAPTCHA_NOT_SET_UP = 'ReCaptcha has not been set up!'
export const RENDER_ERROR = 'Error rendering captcha into node'
/** The captcha's node left the document (the form was torn down) while its script was loading. */
export const DOCUMENT_DESTROYED = 'Document was destroyed'

/** Throws 'Document was destroyed' when `el` is no longer in a live document. */
function stillThere(el: HTMLElement): void {
  if (!el.isConnected || !el.ownerDocument.defaultView) throw new Error(DOCUMENT_DESTROYED)
}
export const COMPACT_BELOW = 320

export interface CaptchaHandle {
  /** The solved token, or null while unsolved. */
  token(): string | null
  reset(): void
  /** Called with true when solved, false when reset or expired. */
  onChange(cb: (solved: boolean) => void): void
}

export function captchaSize(width: number): 'compact' | 'normal' {
  return width < COMPACT_BELOW ? 'compact' : 'normal'
}

export interface CaptchaConfig {
  provider: string
  siteKey: string
  challengeUrl: string
  theme: string
}

export function captchaConfig(el: HTMLElement): CaptchaConfig {
  return {
    provider: el.dataset.provider ?? 'altcha',
    siteKey: el.dataset.siteKey ?? '',
    challengeUrl: el.dataset.challengeUrl ?? '',
    theme: el.dataset.theme ?? 'light',
  }
}

type Listeners = ((solved: boolean) => void)[]

async function renderAltcha(el: HTMLElement, c: CaptchaConfig, size: 'compact' | 'normal'): Promise<CaptchaHandle> {
  await import('altcha')
  stillThere(el)
  const widget = el.ownerDocument.createElement('altcha-widget')
  widget.setAttribute('challenge', c.challengeUrl)
  widget.setAttribute('name', 'altcha')
  widget.setAttribute('theme', c.theme)
  if (size === 'compact') widget.setAttribute('configuration', JSON.stringify({ hideFooter: true, hideLogo: true }))
  let token: string | null = null
  const listeners: Listeners = []
  widget.addEventListener('statechange', (e) => {
    const d = (e as CustomEvent<{ state: string; payload?: string }>).detail
    token = d.state === 'verified' && d.payload ? d.payload : null
    for (const l of listeners) l(token !== null)
  })
  el.append(widget)
  return {
    token: () => token,
    reset() {
      token = null
      widget.reset()
      for (const l of listeners) l(false)
    },
    onChange: (cb) => void listeners.push(cb),
  }
}

interface Grecaptcha {
  render(el: HTMLElement, o: Record<string, unknown>): number
  getResponse(id: number): string
  reset(id: number): void
}

function loadRecaptcha(doc: Document): Promise<Grecaptcha> {
  const win = doc.defaultView as (Window & { grecaptcha?: Grecaptcha; __swRecaptcha?: () => void }) | null
  if (win?.grecaptcha?.render) return Promise.resolve(win.grecaptcha)
  return new Promise((resolve, reject) => {
    if (!win) return reject(new Error('no window'))
    win.__swRecaptcha = () => (win.grecaptcha ? resolve(win.grecaptcha) : reject(new Error('no grecaptcha')))
    const s = doc.createElement('script')
    s.src = 'https://www.google.com/recaptcha/api.js?onload=__swRecaptcha&render=explicit'
    s.async = true
    s.onerror = () => reject(new Error('captcha script failed'))
    doc.head.append(s)
  })
}

async function renderRecaptcha(el: HTMLElement, c: CaptchaConfig, size: 'compact' | 'normal'): Promise<CaptchaHandle> {
  const g = await loadRecaptcha(el.ownerDocument)
  stillThere(el)
  const listeners: Listeners = []
  const tell = (solved: boolean) => listeners.forEach((l) => l(solved))
  const id = g.render(el, { sitekey: c.siteKey, size, theme: c.theme, callback: () => tell(true), 'expired-callback': () => tell(false) })
  return {
    token: () => g.getResponse(id) || null,
    reset() {
      g.reset(id)
      tell(false)
    },
    onChange: (cb) => void listeners.push(cb),
  }
}

/** Renders the captcha into `el`; null when there is no site key or rendering failed (logged; 'Document was
 * destroyed' when the node was torn down mid-render). */
export async function renderCaptcha(el: HTMLElement): Promise<CaptchaHandle | null> {
  const c = captchaConfig(el)
  if (!c.siteKey) return null
  const size = captchaSize(el.getBoundingClientRect().width || el.clientWidth || 0)
  el.dataset.size = size
  try {
    return c.provider === 'recaptcha' ? await renderRecaptcha(el, c, size) : await renderAltcha(el, c, size)
  } catch (e) {
    console.error(RENDER_ERROR, e)
    return null
  }
}

/** The token of a captcha-bound form; throws 'ReCaptcha has not been set up!' when no widget was rendered. */
export function captchaToken(handle: CaptchaHandle | null): string | null {
  if (!handle) throw new Error(CAPTCHA_NOT_SET_UP)
  return handle.token()
}
