// The cookie banner (owner-enabled, owner texts): asks once; the choice is kept in a consent cookie.
export interface BannerTexts {
  bannerText: string
  acceptText: string
  declineText: string
}

export function showBanner(doc: Document, t: BannerTexts, decided: (granted: boolean) => void): HTMLElement {
  const box = doc.createElement('section')
  box.className = 'cookie-banner'
  box.setAttribute('aria-label', 'Cookie consent')
  box.style.cssText = 'position:fixed;left:12px;right:12px;bottom:12px;z-index:1000;display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;padding:16px;background:#fff;color:#111;border:1px solid #888;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.2);font:15px/1.4 system-ui,sans-serif'
  const text = doc.createElement('p')
  text.style.margin = '0'
  text.textContent = t.bannerText
  const buttons = doc.createElement('div')
  buttons.style.cssText = 'display:flex;gap:8px'
  const button = (label: string, granted: boolean, primary: boolean) => {
    const b = doc.createElement('button')
    b.type = 'button'
    b.textContent = label
    b.dataset.consent = granted ? 'accept' : 'decline'
    b.style.cssText = `padding:8px 16px;border-radius:4px;border:1px solid #111;cursor:pointer;font:inherit;${primary ? 'background:#111;color:#fff' : 'background:#fff;color:#111'}`
    b.addEventListener('click', () => {
      box.remove()
      decided(granted)
    })
    return b
  }
  buttons.append(button(t.declineText, false, false), button(t.acceptText, true, true))
  box.append(text, buttons)
  doc.body.append(box)
  return box
}
