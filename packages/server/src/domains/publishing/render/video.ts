// Video embeds for well-known providers, built from the URL alone (no network): an https iframe `src` for the
// theme's click-to-play facade.

export interface VideoEmbed {
  html: string
  providerName: string
  url: string
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

export function videoEmbed(url: string, title = ''): VideoEmbed | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  const host = u.hostname.replace(/^www\./, '')
  let src: string | null = null
  let providerName = ''
  if (host === 'youtube.com' || host === 'm.youtube.com') {
    const id = u.pathname === '/watch' ? u.searchParams.get('v') : /^\/(?:embed|shorts)\/([\w-]+)/.exec(u.pathname)?.[1]
    if (id && /^[\w-]{6,20}$/.test(id)) src = `https://www.youtube-nocookie.com/embed/${id}`
    providerName = 'YouTube'
  } else if (host === 'youtu.be') {
    const id = u.pathname.slice(1)
    if (/^[\w-]{6,20}$/.test(id)) src = `https://www.youtube-nocookie.com/embed/${id}`
    providerName = 'YouTube'
  } else if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /(\d{5,12})/.exec(u.pathname)?.[1]
    if (id) src = `https://player.vimeo.com/video/${id}`
    providerName = 'Vimeo'
  }
  if (!src) return null
  return { html: `<iframe src="${attr(src)}" title="${attr(title || providerName)}" allow="autoplay; encrypted-media; picture-in-picture" allowfullscreen></iframe>`, providerName, url }
}
