// The live site in a frame, at desktop, tablet or phone width. `version` reloads it after each save; `css`
// (style previews) is applied inside the frame when the site shares the editor's origin, and `variables` (the
// theme's custom properties) are posted to the frame for sites on other hosts (storefront content/style-preview:
// `{ type: 'sitewright:style-preview', variables }`, re-sent when the frame says it is ready).
import { useEffect, useId, useRef, useState } from 'react'

export const DEVICES = [
  { id: 'desktop', label: 'Desktop', width: 1280 },
  { id: 'tablet', label: 'Tablet', width: 768 },
  { id: 'phone', label: 'Phone', width: 375 },
] as const
export type DeviceId = (typeof DEVICES)[number]['id']

interface Props {
  siteUrl: string
  path: string
  /** Load the frame through the owner's preview (GET /config/preview), so unpublished content shows. */
  previewSiteId?: string
  version?: number | string
  css?: string
  variables?: Record<string, string>
  title?: string
}

export const STYLE_PREVIEW_MESSAGE = 'sitewright:style-preview'
export const STYLE_PREVIEW_READY = 'sitewright:style-preview-ready'

export function previewUrl(siteUrl: string, path: string): string {
  return new URL(path.replace(/^\/*/, '/'), siteUrl).href
}

/** The editor-host address that opens `path` of the site in the owner's preview (drafts shown, never cached). */
export function ownerPreviewUrl(siteId: string, path: string): string {
  return `/config/preview?siteId=${encodeURIComponent(siteId)}&path=${encodeURIComponent(path.replace(/^\/*/, '/'))}`
}

export function PreviewFrame({ siteUrl, path, previewSiteId, version, css, variables, title = 'Site preview' }: Props) {
  const [device, setDevice] = useState<DeviceId>('desktop')
  const [loaded, setLoaded] = useState(0)
  const frame = useRef<HTMLIFrameElement>(null)
  const group = useId()
  const width = DEVICES.find((d) => d.id === device)!.width

  useEffect(() => {
    const doc = (() => {
      try {
        return frame.current?.contentDocument ?? null
      } catch {
        return null
      }
    })()
    // not the frame's initial about:blank (it has the editor's own CSP, which allows no inline style); the page
    // itself gets the style once it has loaded (`loaded`)
    if (!doc?.head || doc.URL === 'about:blank') return
    let style = doc.getElementById('sitewright-style-preview')
    if (!css) return style?.remove()
    if (!style) {
      style = doc.createElement('style')
      style.id = 'sitewright-style-preview'
      doc.head.appendChild(style)
    }
    style.textContent = css
  }, [css, loaded])

  const src = previewUrl(siteUrl, path)
  const varsJson = variables ? JSON.stringify(variables) : null
  useEffect(() => {
    if (varsJson === null) return
    const origin = new URL(src).origin
    const post = () => frame.current?.contentWindow?.postMessage({ type: STYLE_PREVIEW_MESSAGE, variables: JSON.parse(varsJson) as unknown }, origin)
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: unknown } | null
      if (e.origin === origin && e.source === frame.current?.contentWindow && data?.type === STYLE_PREVIEW_READY) post()
    }
    window.addEventListener('message', onMessage)
    post()
    return () => window.removeEventListener('message', onMessage)
  }, [varsJson, src, loaded])

  return (
    <section className="preview" aria-label="Preview">
      <div className="preview-bar">
        <div role="radiogroup" aria-label="Device" className="segmented">
          {DEVICES.map((d) => (
            <label key={d.id} className={device === d.id ? 'active' : undefined}>
              <input type="radio" name={group} checked={device === d.id} onChange={() => setDevice(d.id)} />
              {d.label}
            </label>
          ))}
        </div>
        <a href={src} target="_blank" rel="noreferrer">
          Open page
        </a>
      </div>
      <div className={`preview-stage ${device}`}>
        <iframe
          ref={frame}
          key={`${src}#${version ?? ''}`}
          title={title}
          src={previewSiteId ? ownerPreviewUrl(previewSiteId, path) : src}
          style={{ width: device === 'desktop' ? '100%' : `${width}px` }}
          data-device={device}
          onLoad={() => setLoaded((n) => n + 1)}
        />
      </div>
    </section>
  )
}
