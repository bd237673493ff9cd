// The live site in a frame, at desktop, tablet or phone width. `version` reloads it after each save; `css`
// (style previews) is applied inside the frame when the site shares the editor's origin.
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
  version?: number | string
  css?: string
  title?: string
}

export function previewUrl(siteUrl: string, path: string): string {
  return new URL(path.replace(/^\/*/, '/'), siteUrl).href
}

export function PreviewFrame({ siteUrl, path, version, css, title = 'Site preview' }: Props) {
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
    if (!doc?.head) return
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
          src={src}
          style={{ width: device === 'desktop' ? '100%' : `${width}px` }}
          data-device={device}
          onLoad={() => setLoaded((n) => n + 1)}
        />
      </div>
    </section>
  )
}
